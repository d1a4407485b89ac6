export interface FacetValue {
  value: string;
  count: number;
}

// spec: catalogue §9 — facet lists show the top 20 popular makes, then all makes.
export const POPULAR_MAKES_LIMIT = 20;
// spec: catalogue §9 — condition sort order new, demo, used.
export const CONDITION_ORDER = ['new', 'demo', 'used'] as const;
// spec: conversion §9 body types list; its order is the fixed body-type order of conversion §5.4.
export const BODY_TYPES = [
  '4x4',
  'bus',
  'cabChassis',
  'convertible',
  'coupe',
  'ev',
  'hardtop',
  'hatch',
  'hatchback',
  'motorhome',
  'lightTruck',
  'peopleMover',
  'prestige',
  'sedan',
  'softtop',
  'suv',
  'ute',
  'van',
  'wagon',
  'stationWagon',
] as const;
export type BodyType = (typeof BODY_TYPES)[number];

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byText = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
const byCountThenText = (a: FacetValue, b: FacetValue) => b.count - a.count || byText(a.value, b.value);
const entries = (counts: Readonly<Record<string, number>>): FacetValue[] =>
  Object.entries(counts).map(([value, count]) => ({ value, count }));

/** Popular: the 20 makes with most cars (ties by name); all: every make by name. */
export function orderMakes(counts: Readonly<Record<string, number>>): { popular: FacetValue[]; all: FacetValue[] } {
  const values = entries(counts);
  return {
    popular: [...values].sort(byCountThenText).slice(0, POPULAR_MAKES_LIMIT),
    all: values.sort((a, b) => byText(a.value, b.value)),
  };
}

export function orderByCount(counts: Readonly<Record<string, number>>): FacetValue[] {
  return entries(counts).sort(byCountThenText);
}

/** new, demo, used (case-insensitive); other values after them by name. */
export function orderCondition(counts: Readonly<Record<string, number>>): FacetValue[] {
  const rank = (value: string) => {
    const index = (CONDITION_ORDER as readonly string[]).indexOf(value.trim().toLowerCase());
    return index === -1 ? CONDITION_ORDER.length : index;
  };
  return entries(counts).sort((a, b) => rank(a.value) - rank(b.value) || byText(a.value, b.value));
}

/** The first number in a facet value ('2019', '7', '$10,000 - $20,000'), or undefined. */
export function leadingNumber(value: string): number | undefined {
  const match = /\d+(?:\.\d+)?/.exec(value.replace(/,/g, ''));
  return match ? Number(match[0]) : undefined;
}

/** Ascending by the value's number (years, seats, price bands); values without one go last. */
export function orderNumeric(counts: Readonly<Record<string, number>>): FacetValue[] {
  return entries(counts).sort((a, b) => {
    const x = leadingNumber(a.value) ?? Infinity;
    const y = leadingNumber(b.value) ?? Infinity;
    return (x === y ? 0 : x < y ? -1 : 1) || byText(a.value, b.value);
  });
}

/** spec: catalogue §5 — the model-body list removes case-insensitive duplicates (first spelling kept). */
export function dedupeCaseInsensitive(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const bodyKey = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');
const BODY_RANK: ReadonlyMap<string, number> = new Map(BODY_TYPES.map((body, index) => [bodyKey(body), index]));

/**
 * spec: conversion §5.4 fixed body-type order — the index in BODY_TYPES, matched ignoring case,
 * spaces and punctuation ('Cab Chassis' = cabChassis); unknown bodies rank after all known ones.
 */
export function bodyTypeOrder(value: string): number {
  return BODY_RANK.get(bodyKey(value)) ?? BODY_TYPES.length;
}
