/**
 * Evaluates a stock filter (schemas/filter.schema.json) against one car. Semantics follow
 * TOOLCHAIN.md so the search engines can agree: text compares case-insensitively, and
 * neq / nin / not also select cars where the field is missing.
 */
export type Scalar = string | number | boolean;
export type FilterValue = Scalar | Scalar[] | { daysAgo: number };
export type StockFilter =
  | { field: string; op: 'eq' | 'neq' | 'in' | 'nin' | 'gt' | 'gte' | 'lt' | 'lte' | 'exists'; value?: FilterValue }
  | { all: StockFilter[] }
  | { any: StockFilter[] }
  | { not: StockFilter };

const norm = (v: unknown): unknown => (typeof v === 'string' ? v.trim().toLowerCase() : v);

function resolveValue(value: FilterValue | undefined, now: Date): Scalar | Scalar[] | undefined {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return new Date(now.getTime() - value.daysAgo * 86_400_000).toISOString();
  }
  return value;
}

function compare(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

export function matchesFilter(car: Readonly<Record<string, unknown>>, filter: StockFilter, now: Date): boolean {
  if ('all' in filter) return filter.all.every((f) => matchesFilter(car, f, now));
  if ('any' in filter) return filter.any.some((f) => matchesFilter(car, f, now));
  if ('not' in filter) return !matchesFilter(car, filter.not, now);
  const actual = car[filter.field];
  const present = actual !== undefined && actual !== null && actual !== '';
  const value = resolveValue(filter.value, now);
  const list = (Array.isArray(value) ? value : [value]).map(norm);
  switch (filter.op) {
    case 'exists':
      return value === false ? !present : present;
    case 'eq':
    case 'in':
      return present && list.includes(norm(actual));
    case 'neq':
    case 'nin':
      return !present || !list.includes(norm(actual));
    default: {
      if (!present) return false;
      const diff = compare(actual, Array.isArray(value) ? value[0] : value);
      if (diff === undefined) return false;
      return filter.op === 'gt' ? diff > 0 : filter.op === 'gte' ? diff >= 0 : filter.op === 'lt' ? diff < 0 : diff <= 0;
    }
  }
}
