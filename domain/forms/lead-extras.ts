/**
 * Where values kept with a lead beside its form fields (its "extras") come from (issue 14). The
 * server writes only under SERVER_EXTRAS_PREFIX; whatever a page or API caller sends is kept under
 * its own name, or under SHOPPER_SUPPLIED_PREFIX when that name could pass for the server's, so
 * the dealer can always tell the website's own figures from figures a shopper typed or forged.
 */

/** Names only the server writes, e.g. its own trade-in valuation. */
export const SERVER_EXTRAS_PREFIX = 'server.';
/** A value a shopper's page sent under a name the dealer could mistake for the server's. */
export const SHOPPER_SUPPLIED_PREFIX = 'shopper_supplied.';
/** The trade-in flow's own valuation of the shopper's car (conversion §2.3, §7 item 4). */
export const SERVER_VALUATION_KEY = `${SERVER_EXTRAS_PREFIX}valuation`;
export const SERVER_VALUATION_LABEL = 'Trade-in valuation (calculated by our website)';
const SHOPPER_SUPPLIED_NOTE = 'supplied by the shopper, not checked by us';

/** Names that read like the server's figures when a page sends them. */
const SERVER_LOOKALIKES: ReadonlySet<string> = new Set(['valuation']);

/** The name a value the shopper sent is kept under. */
export function shopperExtraKey(name: string): string {
  return name.startsWith(SERVER_EXTRAS_PREFIX) || SERVER_LOOKALIKES.has(name)
    ? `${SHOPPER_SUPPLIED_PREFIX}${name}`
    : name;
}

/** Values a shopper sent, renamed where they could pass for the server's (nothing is dropped). */
export function shopperExtras(extras: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(extras)) kept[shopperExtraKey(name)] = value;
  return kept;
}

/**
 * How a delivery format (e-mail, ADF) names a value the server or the shopper supplied, using its
 * own wording for the plain name; undefined for any other name.
 */
export function provenanceLabel(name: string, label: (plain: string) => string): string | undefined {
  if (name === SERVER_VALUATION_KEY) return SERVER_VALUATION_LABEL;
  if (name.startsWith(SERVER_EXTRAS_PREFIX))
    return `${label(name.slice(SERVER_EXTRAS_PREFIX.length))} (from our website)`;
  if (name.startsWith(SHOPPER_SUPPLIED_PREFIX))
    return `${label(name.slice(SHOPPER_SUPPLIED_PREFIX.length))} (${SHOPPER_SUPPLIED_NOTE})`;
  return undefined;
}
