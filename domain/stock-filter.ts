/**
 * The stock filter language (schemas/filter.schema.json): conditions with one operator, combined
 * with all / any / not. Semantics are Meilisearch's so both search engines agree (TOOLCHAIN.md):
 * eq and in compare text case-insensitively; a condition on a missing field is false, so `not`
 * selects cars where the field is missing; relative times are unix seconds when the query runs.
 */
export type Scalar = string | number | boolean;
export type Bound = number | { daysAgo: number };
export type StockCondition = { field: string } & (
  | { eq: Scalar }
  | { in: Scalar[] }
  | { gt: Bound }
  | { gte: Bound }
  | { lt: Bound }
  | { lte: Bound }
  | { exists: boolean }
);
export type StockFilter = StockCondition | { all: StockFilter[] } | { any: StockFilter[] } | { not: StockFilter };

export const RANGE_OPERATORS = ['gt', 'gte', 'lt', 'lte'] as const;
export type RangeOperator = (typeof RANGE_OPERATORS)[number];

/** Resolves a bound to a number: relative times become unix seconds at `now`. */
export function resolveBound(bound: Bound, now: Date): number {
  return typeof bound === 'number' ? bound : Math.floor(now.getTime() / 1000) - Math.round(bound.daysAgo * 86_400);
}

/** Normalises a value for equality as Meilisearch does (case-insensitive text). */
export function normaliseValue(value: unknown): string | number | boolean | undefined {
  if (typeof value === 'string') return value.trim().toLowerCase();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return undefined;
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The condition's operator and operand. */
export function conditionOperator(condition: StockCondition): {
  op: 'eq' | 'in' | RangeOperator | 'exists';
  value: unknown;
} {
  for (const op of ['eq', 'in', 'gt', 'gte', 'lt', 'lte', 'exists'] as const) {
    if (op in condition) return { op, value: (condition as Record<string, unknown>)[op] };
  }
  throw new Error(`filter condition on "${condition.field}" has no operator`);
}

export function matchesFilter(car: Readonly<Record<string, unknown>>, filter: StockFilter, now: Date): boolean {
  if ('all' in filter) return filter.all.every((f) => matchesFilter(car, f, now));
  if ('any' in filter) return filter.any.some((f) => matchesFilter(car, f, now));
  if ('not' in filter) return !matchesFilter(car, filter.not, now);
  const actual = car[filter.field];
  const { op, value } = conditionOperator(filter);
  if (op === 'exists') return present(actual) === value;
  if (!present(actual)) return false;
  if (op === 'eq') return normaliseValue(actual) === normaliseValue(value);
  if (op === 'in') return (value as Scalar[]).some((v) => normaliseValue(v) === normaliseValue(actual));
  if (typeof actual !== 'number') return false;
  const bound = resolveBound(value as Bound, now);
  return op === 'gt' ? actual > bound : op === 'gte' ? actual >= bound : op === 'lt' ? actual < bound : actual <= bound;
}
