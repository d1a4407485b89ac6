/**
 * Row ids from requests (security review, issue 20): cars, locations and leads have PostgreSQL
 * `integer` keys, so an id past 2,147,483,647 in an address or a post made the database refuse the
 * query with a 5xx. Such an id names no row: it is read as "no id" here and answered as not found
 * or with a sentence, before any query.
 */

/** The largest value of a PostgreSQL `integer` (and so of every row id). */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id: a whole number from 1 to MAX_ROW_ID, given as a number or as decimal digits only
 * (no sign, spaces, decimal point or exponent: '5e3', ' 7' and '+7' are not ids); else undefined.
 */
export function parseRowId(value: unknown): number | undefined {
  const n = typeof value === 'string' ? (/^\d{1,10}$/.test(value) ? Number(value) : NaN) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_ROW_ID ? n : undefined;
}
