import {
  conditionOperator,
  resolveBound,
  type Bound,
  type Scalar,
  type StockCondition,
  type StockFilter,
} from '../../domain/stock-filter';
import type { SearchDocument } from './types';

/**
 * Compiles the stock filter language to a Meilisearch filter expression.
 *
 * Empty `all` is true and empty `any` false; constants are folded away, so a filter that is always
 * true compiles to '' (callers omit the `filter` parameter) and one that is never true compiles to
 * MATCH_NOTHING. An AND or OR inside another operator is parenthesised, so precedence never rests
 * on Meilisearch's.
 */
export function toMeiliFilter(filter: StockFilter, now: Date): string {
  const compiled = compile(filter, now);
  return compiled === true ? '' : compiled === false ? MATCH_NOTHING : compiled.text;
}

/** Meilisearch has no literal false; every document has its primary key, which is filterable. */
export const MATCH_NOTHING = 'id NOT EXISTS';

type KeysOfType<T, V> = { [K in keyof T]-?: NonNullable<T[K]> extends V ? K : never }[keyof T];

// Meilisearch's `=` also matches "2020" against 2020, `>` compares strings lexicographically and
// `true` matches the string "true"; the filter language compares typed values, so a value of the
// wrong type for the field never matches (as in the embedded engine).
const NUMBER_FIELDS: ReadonlySet<string> = new Set<KeysOfType<SearchDocument, number>>([
  'id',
  'price',
  'km',
  'year',
  'seats',
  'dealership_id',
  'location_id',
  'created_at_timestamp',
  'sold_date_timestamp',
]);
const BOOLEAN_FIELDS: ReadonlySet<string> = new Set<KeysOfType<SearchDocument, boolean>>([
  'reserved',
  'certified',
  'show_on_dealer_website',
]);

const fieldType = (field: string) =>
  NUMBER_FIELDS.has(field) ? 'number' : BOOLEAN_FIELDS.has(field) ? 'boolean' : 'string';

/** `compound` marks AND / OR, which need parentheses inside another operator; NOT binds tightest. */
type Expression = { text: string; compound: boolean; negationOf?: Expression };
type Compiled = boolean | Expression;

const atom = (text: string): Compiled => ({ text, compound: false });
const operand = (e: Expression) => (e.compound ? `(${e.text})` : e.text);

function combine(parts: Compiled[], op: 'AND' | 'OR'): Compiled {
  const absorbing = op === 'OR';
  if (parts.includes(absorbing)) return absorbing;
  const rest = parts.filter((p): p is Expression => typeof p !== 'boolean');
  if (rest.length === 0) return !absorbing;
  if (rest.length === 1) return rest[0] as Compiled;
  return { text: rest.map(operand).join(` ${op} `), compound: true };
}

function negate(part: Compiled): Compiled {
  if (typeof part === 'boolean') return !part;
  return part.negationOf ?? { text: `NOT ${operand(part)}`, compound: false, negationOf: part };
}

function compile(filter: StockFilter, now: Date): Compiled {
  if ('all' in filter)
    return combine(
      filter.all.map((f) => compile(f, now)),
      'AND',
    );
  if ('any' in filter)
    return combine(
      filter.any.map((f) => compile(f, now)),
      'OR',
    );
  if ('not' in filter) return negate(compile(filter.not, now));
  return condition(filter, now);
}

function condition(condition: StockCondition, now: Date): Compiled {
  const field = checkedField(condition.field);
  const { op, value } = conditionOperator(condition);
  if (op === 'exists') {
    // Meilisearch's EXISTS is true for null and "", which the filter language counts as missing.
    const missing = combine([atom(`${field} NOT EXISTS`), atom(`${field} IS NULL`), atom(`${field} IS EMPTY`)], 'OR');
    return value === true ? negate(missing) : missing;
  }
  if (op === 'eq' || op === 'in') {
    const values = (op === 'eq' ? [value as Scalar] : (value as Scalar[])).filter((v) => matchesType(field, v));
    if (values.length === 0) return false;
    return op === 'eq'
      ? atom(`${field} = ${literal(values[0] as Scalar)}`)
      : atom(`${field} IN [${values.map(literal).join(', ')}]`);
  }
  if (fieldType(field) !== 'number') return false;
  const symbol = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[op];
  return atom(`${field} ${symbol} ${literal(resolveBound(value as Bound, now))}`);
}

function matchesType(field: string, value: Scalar): boolean {
  if (typeof value !== fieldType(field)) return false;
  // An empty string is a missing value, so nothing equals it.
  return typeof value !== 'string' || value.trim() !== '';
}

function checkedField(field: string): string {
  // Field names go into the expression unquoted.
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`filter field "${field}" is not a plain field name`);
  return field;
}

/** A value as Meilisearch reads it: strings double-quoted with `\` and `"` escaped, numbers and booleans bare. */
export function literal(value: Scalar): string {
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return `"${value.replace(/[\\"]/g, '\\$&')}"`;
  if (!Number.isFinite(value)) throw new Error(`filter value ${value} is not a finite number`);
  const text = String(value);
  // A bare value may only hold letters, digits, `_`, `-` and `.`; 1e+21 needs quotes (still read as a number).
  return /^[\w.-]+$/.test(text) ? text : `"${text}"`;
}
