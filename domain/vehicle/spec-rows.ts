/**
 * The vehicle page's specs, features and key information lists (catalogue §4, §5): how many show
 * before expanding, and which spec rows are blank. Pure.
 */

// spec: catalogue §4 specs and features lists — key information 4 before 'Show More', features 8
// before 'Show All', specifications 4 before expanding.
export const KEY_INFO_INITIAL = 4;
export const FEATURES_INITIAL = 8;
export const SPECS_INITIAL = 4;

const EMPTY_WORDS = new Set(['null', 'undefined']);

/** True when a spec value has nothing to show (see visibleSpecRows). */
export function isBlankSpecValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' || EMPTY_WORDS.has(trimmed.toLowerCase());
  }
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * spec: catalogue §5 — spec rows with undefined, null, empty or 'null' values are hidden. Also
 * hidden: white-space-only text, the text 'undefined' (either word in any case, as feeds
 * stringify missing values), NaN and empty lists. 0 and false are real values and stay.
 */
export function visibleSpecRows<T extends { value: unknown }>(rows: readonly T[]): T[] {
  return rows.filter((row) => !isBlankSpecValue(row.value));
}

/** A caravan or RV's own specifications (catalogue §3 Car specifications), as the feed gives them. */
export interface RvSpecifications {
  body_width?: number | null;
  body_length?: number | null;
  tare_weight?: number | null;
  axle_type?: string | null;
  sleeps?: number | null;
  aggregate_trailer_mass?: number | null;
}

const grouped = (n: number) => n.toLocaleString('en-AU', { maximumFractionDigits: 1 });

/**
 * spec: catalogue §2 vehicle page 'all specifications' and §3 Car specifications (body_width,
 * body_length, tare_weight, axle_type, sleeps, aggregate_trailer_mass): the rows a caravan or RV
 * adds to the specifications list, with the feed's units (millimetres, kilograms). Missing or
 * blank values give no row.
 */
export function rvSpecRows(specs: RvSpecifications | null | undefined): Array<{ name: string; value: unknown }> {
  if (!specs) return [];
  const measure = (value: number | null | undefined, suffix: string) =>
    typeof value === 'number' && Number.isFinite(value) ? `${grouped(value)} ${suffix}` : undefined;
  return visibleSpecRows([
    { name: 'Body length', value: measure(specs.body_length, 'mm') },
    { name: 'Body width', value: measure(specs.body_width, 'mm') },
    { name: 'Tare weight', value: measure(specs.tare_weight, 'kg') },
    { name: 'ATM (aggregate trailer mass)', value: measure(specs.aggregate_trailer_mass, 'kg') },
    { name: 'Axle type', value: specs.axle_type },
    { name: 'Sleeps', value: specs.sleeps },
  ]);
}
