import { formatRate } from './disclosure';

/**
 * National Credit Code s164 (issue 20): an advertisement that states an annual percentage rate must
 * also state the comparison rate. These rules read one piece of tenant text (plain text, or the HTML
 * of a RichText block, an offer, a promo tile...) and say which annual rates it advertises and
 * whether it states a comparison rate; the engine applies them per item of the tenant document.
 *
 * Decisions:
 * - A 0% rate is still an annual percentage rate ("0% p.a. finance"), so it needs a comparison rate
 *   too: fees make the true cost of a 0% loan more than 0%.
 * - A percentage is a rate only when the words around it say so: a marker after it ("p.a.", "pa",
 *   "per annum", "per year", "a year", "annually", "annual rate", "APR", "interest", "rate"), or a
 *   rate word before it ("interest rate of", "rates from", "APR", "finance from"). "10% deposit",
 *   "30% final payment" and "save 20%" are not rates.
 * - A comparison rate counts only with its figure ("comparison rate 8.87% p.a.",
 *   "Comparison Rate* 8.87%", "8.87% p.a. comparison rate"): "comparison rate applies" tells the
 *   reader nothing, and s164 asks for the rate itself.
 * - One comparison rate in the item answers every rate it advertises: which comparison rate belongs
 *   to which rate cannot be read from the words, and the usual advertisement has one of each.
 */

/** A rate as advertised: the words found ('6.99% p.a.') and the rate in percent (6.99). */
export interface AdvertisedRate {
  text: string;
  rate: number;
}

const ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  percnt: '%',
  ast: '*',
  midast: '*',
  dagger: '†',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** Text as a reader sees it: tags become spaces, the entities a rate may be written with are decoded. */
export function readableText(text: string): string {
  return (
    text
      // [^<>]: a text of many '<' with no '>' is read once, not once per '<' (the Studio takes 512 KB).
      .replace(/<[^<>]*>/g, ' ')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
        if (name.startsWith('#')) {
          const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
          return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
        }
        return ENTITIES[name.toLowerCase()] ?? whole;
      })
      .replace(/\s+/g, ' ')
  );
}

// A figure (not the tail of a longer number) and its percent sign or words.
const FIGURE = String.raw`(?<![\d.,])(\d{1,3}(?:\.\d{1,3})?)`;
const PERCENT = String.raw`\s?(?:%|per\s?cent\b|percent\b)`;
// Footnote marks written beside a rate ('8.87%*', 'Comparison Rate^'). Bounded: two runs of marks
// separated only by optional parts (COMPARISON_AFTER) made matching quadratic in a run of marks
// (security review: 64,000 '*' took 7 s); a real footnote mark is one to three characters.
const MARKS = String.raw`[*†‡^#¹²³]{0,3}`;
const PER_YEAR = String.raw`(?:p\.?\s?a\b\.?|per\s+annum\b|per\s+year\b|a\s+year\b|annually\b|annual\s+(?:percentage\s+|interest\s+)?rate\b|apr\b|(?:fixed\s+|variable\s+)?(?:interest(?:\s+rate)?|rate)\b)`;
const COMPARISON_WORDS = String.raw`(?:comparison\s+rates?|comp\.?\s+rates?)\b`;
// The figure after the words, and the upper end of a range ('from 8.38% p.a. to 19.42% p.a.').
const COMPARISON_FIGURE = String.raw`${FIGURE}${PERCENT}\s?${MARKS}(?:\s?${PER_YEAR})?`;

/** 'Comparison rate 8.87% p.a.', 'Comparison Rate*: 8.87%', 'comparison rates from 8.38% p.a. to 19.42% p.a.'. */
const COMPARISON_BEFORE = new RegExp(
  String.raw`${COMPARISON_WORDS}\s?${MARKS}\s?(?:(?:is|of|at|from|between|as\s+low\s+as|starting\s+(?:at|from)|just|only|:|-|–|=)\s?)*${COMPARISON_FIGURE}(?:\s?(?:to|and|-|–)\s?${COMPARISON_FIGURE})?`,
  'gi',
);
/** '8.87% p.a. comparison rate', '8.87%* comparison rate', '8.87% (comparison rate)'. */
const COMPARISON_AFTER = new RegExp(
  String.raw`${FIGURE}${PERCENT}\s?${MARKS}(?:\s?p\.?\s?a\b\.?|\s?per\s+annum\b)?\s?${MARKS}\s?\(?\s?${COMPARISON_WORDS}`,
  'gi',
);

/** '6.99% p.a.', '6.99%pa', '6.99 % per annum', '5.9% APR', '0% interest'. */
const RATE_THEN_MARKER = new RegExp(String.raw`${FIGURE}${PERCENT}\s?${MARKS}\s?${PER_YEAR}`, 'gi');
/** 'interest rate of 6.99%', 'rates from 6.99%', 'APR 5.9%', 'finance from 6.99%'. */
const WORDS_THEN_RATE = new RegExp(
  String.raw`\b(?:interest(?:\s+rate)?|rates?|apr|finance)\s?${MARKS}\s?(?:(?:of|from|at|is|:|-|–|=|as\s+low\s+as|starting\s+(?:at|from)|just|only)\s?)*${FIGURE}${PERCENT}(?!\s?(?:deposit|off|discount|final|balloon|residual|down|cash\s?back|of\b|more|less|lower|higher|cheaper|below|above|under|over|saving|lvr)\b)`,
  'gi',
);

/** The text with its comparison-rate statements blanked, and whether it had any. */
function withoutComparisonRates(text: string): { rest: string; found: boolean } {
  let found = false;
  const blank = (match: string): string => {
    found = true;
    return ' '.repeat(match.length);
  };
  const rest = text.replace(COMPARISON_BEFORE, blank).replace(COMPARISON_AFTER, blank);
  return { rest, found };
}

// Most texts have no percentage at all: they skip the full reading (validation reads every text).
const MAY_HAVE_PERCENT = /%|per\s?cent|&#0*37;|&#x0*25;|&percnt;/i;

/** Whether the text states a comparison rate with its figure. */
export function statesComparisonRate(text: string): boolean {
  return MAY_HAVE_PERCENT.test(text) && withoutComparisonRates(readableText(text)).found;
}

/**
 * The annual rates the text advertises, in the order they appear (a comparison rate is not one:
 * it is the disclosure, not the offer).
 */
export function advertisedRates(text: string): AdvertisedRate[] {
  if (!MAY_HAVE_PERCENT.test(text)) return [];
  const { rest } = withoutComparisonRates(readableText(text));
  const found = new Map<number, AdvertisedRate>();
  for (const pattern of [RATE_THEN_MARKER, WORDS_THEN_RATE])
    for (const match of rest.matchAll(pattern)) {
      const figure = match[1];
      if (figure === undefined || match.index === undefined) continue;
      // The figure opens a marker match and closes a words match (a percent sign has no digits).
      const offset = pattern === RATE_THEN_MARKER ? 0 : match[0].lastIndexOf(figure);
      const at = match.index + offset;
      if (found.has(at)) continue;
      const words = match[0].slice(offset);
      found.set(at, { text: words.trim(), rate: Number(figure) });
    }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, rate]) => rate);
}

/**
 * The first rate advertised by an item's texts when none of them states a comparison rate
 * (undefined when the item is fine: no rate, or a comparison rate beside it).
 */
export function rateWithoutComparison(texts: readonly string[]): AdvertisedRate | undefined {
  if (texts.some(statesComparisonRate)) return undefined;
  for (const text of texts) {
    const rate = advertisedRates(text)[0];
    if (rate) return rate;
  }
  return undefined;
}

/**
 * What validation says about a rate with no comparison rate. `exampleComparison` is the comparison
 * rate of the advertised rate on the standard example with the site's own finance fees, so the
 * suggestion is a real figure for the site rather than an invented one.
 */
export function missingComparisonMessage(advertised: AdvertisedRate, exampleComparison: number): string {
  return (
    `advertises an annual rate (${advertised.text}) without a comparison rate in the same item: add the comparison ` +
    `rate (National Credit Code s164), e.g. "${formatRate(advertised.rate)} (comparison rate ${formatRate(exampleComparison)}*)"`
  );
}
