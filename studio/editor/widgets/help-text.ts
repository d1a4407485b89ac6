/**
 * A field's help text in two parts (issue 32): the first sentence, shown under the field, and the
 * rest, behind the field's "?" button. Pure, so it is tested on its own (help-text.test.ts).
 *
 * A sentence ends at `.`, `!` or `?` (with any closing quote or bracket) followed by a space and a
 * capital letter, a digit or an opening quote, or at a blank line; "e.g." and "i.e." do not end one,
 * nor do the dots of a web address (`www.example.com.au`) or a file name (`defaults.json`).
 */

export interface HelpParts {
  /** Shown under the field. */
  first: string;
  /** Behind the "?" button; empty when the text is one sentence. */
  rest: string;
}

/** Words before a dot that never end a sentence, in lower case without their last dot. */
const ABBREVIATIONS = new Set(['e.g', 'eg', 'i.e', 'ie', 'cf', 'vs', 'approx', 'incl', 'excl', 'min', 'max']);

/** A candidate end: the punctuation, closing quotes or brackets, then the space before the next sentence. */
const SENTENCE_END = /[.!?]["'’”)\]]*(\s+)(?=["'‘“(]?[A-Z0-9$])/g;

function endsAbbreviation(text: string, dotAt: number): boolean {
  if (text[dotAt] !== '.') return false;
  const before = text.slice(0, dotAt);
  const word = (before.split(/\s/).pop() ?? '').replace(/^[("'‘“]+/, '').toLowerCase();
  // A single letter is an initial ("J. Smith"), not a sentence.
  return ABBREVIATIONS.has(word) || /^[a-z]$/.test(word);
}

/** The first sentence of `text` and the rest, both trimmed. */
export function splitHelp(text: string): HelpParts {
  const clean = text.trim();
  const paragraph = clean.search(/\n\s*\n/);
  const limit = paragraph === -1 ? clean.length : paragraph;
  SENTENCE_END.lastIndex = 0;
  for (let match = SENTENCE_END.exec(clean); match; match = SENTENCE_END.exec(clean)) {
    if (match.index >= limit) break;
    if (endsAbbreviation(clean, match.index)) continue;
    const space = match[1] ?? '';
    const end = match.index + match[0].length - space.length;
    return { first: clean.slice(0, end).trim(), rest: clean.slice(end).trim() };
  }
  return { first: clean.slice(0, limit).trim(), rest: clean.slice(limit).trim() };
}
