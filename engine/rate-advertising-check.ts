import { isPlainObject } from './merge';
import { loanFees, NO_FEES, type FinanceFees } from '../domain/finance/calculator';
import { comparisonRate } from '../domain/finance/comparison-rate';
import { missingComparisonMessage, rateWithoutComparison } from '../domain/finance/rate-advertising';
import type { ValidationIssue } from '../schemas/validation-messages';

/** One item of the document and its texts, each with its JSON pointer. */
interface Item {
  texts: { pointer: string; text: string }[];
}

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The items of a merged tenant document. An entry of a list (an offer, a slide, a promo tile, a
 * block, a menu item, a form field) is an item with every text inside it except its own lists'
 * entries, which are items of their own: a block's props, an image's alt text and a tile's heading
 * belong to the block or tile that shows them. A text outside any list (a page's title, the
 * finance disclaimer) is the item of the object that holds it.
 */
function itemsOf(document: Record<string, unknown>): Item[] {
  const items: Item[] = [];
  const newItem = (): Item => {
    const item: Item = { texts: [] };
    items.push(item);
    return item;
  };
  // `listItem`: the list entry this object is inside, if any; nested objects share it.
  const visitObject = (node: Record<string, unknown>, pointer: string, listItem: Item | undefined): void => {
    const item = listItem ?? newItem();
    for (const [key, value] of Object.entries(node)) {
      const here = `${pointer}/${escape(key)}`;
      if (typeof value === 'string') item.texts.push({ pointer: here, text: value });
      else if (Array.isArray(value))
        value.forEach((entry: unknown, index) => {
          const at = `${here}/${index}`;
          if (typeof entry === 'string') item.texts.push({ pointer: at, text: entry });
          else if (isPlainObject(entry)) visitObject(entry, at, newItem());
        });
      else if (isPlainObject(value)) visitObject(value, here, listItem);
    }
  };
  visitObject(document, '', undefined);
  return items;
}

/** The site's finance fees as the calculator reads them (schema defaults are filled in by then). */
function siteFees(config: Record<string, unknown>): FinanceFees {
  const finance = config.finance;
  const fees = isPlainObject(finance) && isPlainObject(finance.fees) ? finance.fees : {};
  const amount = (key: keyof FinanceFees): number => {
    const value = fees[key];
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : NO_FEES[key];
  };
  return {
    establishment: amount('establishment'),
    securityRegistration: amount('securityRegistration'),
    dealerAgency: amount('dealerAgency'),
    monthlyAccount: amount('monthlyAccount'),
  };
}

/**
 * National Credit Code s164 (issue 20): any text of the merged document (the tenant's own, its
 * group's and the template's it inherits) that advertises an annual rate needs a comparison rate in
 * the same item (domain/finance/rate-advertising.ts). The problem is reported at the first text of
 * the item that states a rate; the suggested comparison rate is the advertised rate's on the
 * standard example with the site's own finance fees.
 */
export function checkRateAdvertising(file: string, config: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  let fees: FinanceFees | undefined;
  for (const item of itemsOf(config)) {
    const advertised = rateWithoutComparison(item.texts.map((t) => t.text));
    if (!advertised) continue;
    const where = item.texts.find((t) => rateWithoutComparison([t.text]) !== undefined) ?? item.texts[0];
    fees ??= siteFees(config);
    issues.push({
      file,
      pointer: where?.pointer ?? '',
      message: missingComparisonMessage(advertised, comparisonRate(advertised.rate, loanFees(fees))),
    });
  }
  return issues;
}
