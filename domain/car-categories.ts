import type { FacetValue } from './facet-order';

/**
 * Car categories for the categories search facet (catalogue §3 Search facets). The stock feed
 * carries no category of its own, so each car's categories are worked out at indexing time from
 * fields every feed fills: body type, seats, drive and fuel group. A car can be in several
 * categories (a seven-seat hybrid SUV is in 'SUV', '7+ seats' and 'Electric & hybrid') or in
 * none (a sedan). The set is fixed so every site and both search engines agree on it.
 */
export interface CarCategoryInput {
  simple_body?: string | null;
  seats?: number | null;
  drive?: string | null;
  simple_fuel?: string | null;
}

/** A car's fields as the rules read them: body, drive and fuel as keys (see `key`). */
export interface CategoryKeys {
  body: string;
  drive: string;
  fuel: string;
  seats?: number;
}

export interface CarCategory {
  label: string;
  /** In plain words, for the site editor's help text and the tests. */
  rule: string;
  test: (car: CategoryKeys) => boolean;
}

/** A body, fuel or drive as a key: lower case, letters and digits only ('Cab Chassis' -> 'cabchassis'). */
const key = (value: string | null | undefined) => (value ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
const bodyIn =
  (...bodies: string[]) =>
  (car: CategoryKeys) =>
    bodies.includes(car.body);

/** In the order the filter panel lists them. */
export const CAR_CATEGORIES: readonly CarCategory[] = [
  { label: 'SUV', rule: 'body type SUV or 4x4', test: bodyIn('suv', '4x4') },
  { label: 'Ute', rule: 'body type ute or cab chassis', test: bodyIn('ute', 'cabchassis') },
  { label: 'Small car', rule: 'body type hatch', test: bodyIn('hatch', 'hatchback') },
  {
    label: '7+ seats',
    rule: 'seven seats or more',
    test: (car) => car.seats !== undefined && car.seats >= 7,
  },
  {
    label: '4x4',
    rule: 'four-wheel drive (4x4 or 4WD), or body type 4x4',
    test: (car) => ['4x4', '4wd'].includes(car.drive) || car.body === '4x4',
  },
  {
    label: 'Electric & hybrid',
    rule: 'fuel electric, hybrid or plug-in hybrid',
    test: (car) => ['electric', 'hybrid', 'phev'].includes(car.fuel),
  },
  {
    label: 'Van & people mover',
    rule: 'body type van, people mover or bus',
    test: bodyIn('van', 'peoplemover', 'bus'),
  },
  {
    label: 'Sports & convertible',
    rule: 'body type coupe, convertible, soft top or hard top',
    test: bodyIn('coupe', 'convertible', 'softtop', 'hardtop'),
  },
];

/** The categories a car is in, in CAR_CATEGORIES order; empty when none. */
export function categoriesOf(car: CarCategoryInput): string[] {
  const keys: CategoryKeys = {
    body: key(car.simple_body),
    drive: key(car.drive),
    fuel: key(car.simple_fuel),
    ...(typeof car.seats === 'number' && Number.isFinite(car.seats) ? { seats: car.seats } : {}),
  };
  return CAR_CATEGORIES.filter((category) => category.test(keys)).map((category) => category.label);
}

/** The category a URL names, compared case-insensitively as facet values are. */
export function findCategory(label: string): CarCategory | undefined {
  const wanted = label.trim().toLowerCase();
  return CAR_CATEGORIES.find((category) => category.label.toLowerCase() === wanted);
}

/** Facet counts in the categories' own order, not by count; any other value after them by name. */
export function orderCategories(counts: Readonly<Record<string, number>>): FacetValue[] {
  const rank = (value: string) => {
    const index = CAR_CATEGORIES.findIndex((c) => c.label.toLowerCase() === value.trim().toLowerCase());
    return index === -1 ? CAR_CATEGORIES.length : index;
  };
  return Object.entries(counts)
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => rank(a.value) - rank(b.value) || a.value.localeCompare(b.value));
}
