/**
 * The car analysis download (conversion §6 plugins): how a car's advertised price and odometer
 * compare with the other cars the site lists of the same make and model, year within ±2, in stock
 * and priced. Every figure comes from those cars; with fewer than MIN_COMPARABLES of them there is
 * no median, range or rank, and the report says so rather than inventing one. Pure.
 */
import { shownPrice, type PricedCar } from './price-display';
import type { StockFilter } from './stock-filter';
import { DEFAULT_TIME_ZONE, formatKm, yearInTimeZone } from './format';

/** Fewer similar cars than this make no fair comparison: no median, range or rank is given. */
export const MIN_COMPARABLES = 3;
/** A price within this percentage of the median is 'near' it. */
export const NEAR_PERCENT = 3;
/** Similar cars are at most this many model years older or newer. */
export const YEAR_SPAN = 2;
/** At most this many similar cars are fetched (the newest listings first). */
export const COMPARABLES_LIMIT = 200;

/** The fields of a car the analysis reads (a FeedCar has them all). */
export interface AnalysedCar extends Pick<PricedCar, 'price' | 'offer_price'> {
  id: number;
  make: string;
  model: string;
  year: number;
  status: string;
  km?: number | null;
  /** new, demo or used: a used car is compared with used cars, a new or demo car with new and demo cars. */
  car_type?: string;
}

/** The car types a car is compared with (their km and prices are not alike across used and new). */
export function comparableTypes(carType: string | undefined): string[] | undefined {
  if (!carType) return undefined;
  return carType === 'used' ? ['used'] : ['new', 'demo'];
}

export type PricePosition = 'below' | 'near' | 'above';

export interface CarAnalysis {
  /** What the car was compared with: same make and model, years yearFrom..yearTo. */
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  /** The similar cars compared (the car itself never counts). */
  count: number;
  /** Whether there were at least MIN_COMPARABLES of them; without, only count, age and km are given. */
  enough: boolean;
  /** The car's advertised price (offer price when there is one); undefined when it has none. */
  price?: number;
  /** Whole years since the car's model year (0 in the model year itself). */
  ageYears: number;
  /** The car's odometer, when known. */
  km?: number;
  /** Median, lowest and highest advertised price of the similar cars (only when enough). */
  prices?: { median: number; min: number; max: number };
  /** The car's price against the median, in dollars (negative: cheaper) and percent (one decimal); only when enough and priced. */
  difference?: { amount: number; percent: number; position: PricePosition };
  /** Where the car's price ranks among itself and the similar cars, cheapest first (equal prices share a place). */
  rank?: { position: number; of: number };
  /** Median odometer of the similar cars that have one (only when at least MIN_COMPARABLES do), and the car's km against it. */
  kms?: { median: number; count: number; difference?: number };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const hasKm = (km: number | null | undefined): km is number => typeof km === 'number' && Number.isFinite(km) && km >= 0;

/** The stock filter that selects a car's similar cars: same make and model, year within ±2, in stock, priced, not the car itself. */
export function comparablesFilter(car: AnalysedCar): StockFilter {
  const types = comparableTypes(car.car_type);
  return {
    all: [
      { field: 'make', eq: car.make },
      { field: 'model', eq: car.model },
      { field: 'year', gte: car.year - YEAR_SPAN },
      { field: 'year', lte: car.year + YEAR_SPAN },
      { field: 'status', eq: 'in_stock' },
      // The search index's price is the shown price (offer price above 10, else the price).
      { field: 'price', gt: 0 },
      { not: { field: 'id', eq: car.id } },
      ...(types ? [{ field: 'car_type', in: types }] : []),
    ],
  };
}

/** The same rule as comparablesFilter, on a car at hand (the analysis applies it again to what search returned). */
export function isComparable(car: AnalysedCar, other: AnalysedCar): boolean {
  return (
    other.id !== car.id &&
    same(other.make, car.make) &&
    same(other.model, car.model) &&
    Math.abs(other.year - car.year) <= YEAR_SPAN &&
    other.status === 'in_stock' &&
    shownPrice(other) > 0 &&
    (comparableTypes(car.car_type)?.includes(other.car_type ?? '') ?? true)
  );
}

/** The middle value of a sorted, non-empty list (the mean of the two middle values for an even count), rounded to whole units. */
function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return Math.round(sorted.length % 2 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2);
}

const ascending = (values: number[]) => values.sort((a, b) => a - b);

/**
 * Compares a car with its similar cars. `comparables` is what the site's search returned for
 * comparablesFilter(car); anything that does not meet the rule, and repeats, are left out.
 * `timeZone` is the site's, for the year the car's age is counted to.
 */
export function analyseCar(
  car: AnalysedCar,
  comparables: readonly AnalysedCar[],
  now: Date,
  timeZone = DEFAULT_TIME_ZONE,
): CarAnalysis {
  const byId = new Map<number, AnalysedCar>();
  for (const other of comparables) if (isComparable(car, other) && !byId.has(other.id)) byId.set(other.id, other);
  const similar = [...byId.values()];
  const count = similar.length;
  const enough = count >= MIN_COMPARABLES;
  const own = shownPrice(car);
  const price = own > 0 ? own : undefined;
  const km = hasKm(car.km) ? car.km : undefined;
  const analysis: CarAnalysis = {
    make: car.make,
    model: car.model,
    yearFrom: car.year - YEAR_SPAN,
    yearTo: car.year + YEAR_SPAN,
    count,
    enough,
    ...(price !== undefined ? { price } : {}),
    ageYears: Math.max(0, yearInTimeZone(now, timeZone) - car.year),
    ...(km !== undefined ? { km } : {}),
  };
  if (!enough) return analysis;

  const prices = ascending(similar.map(shownPrice));
  const middle = median(prices);
  analysis.prices = { median: middle, min: prices[0] ?? middle, max: prices[prices.length - 1] ?? middle };
  if (price !== undefined) {
    const amount = price - middle;
    const percent = (amount / middle) * 100;
    analysis.difference = {
      amount,
      percent: Math.round(percent * 10) / 10,
      position: Math.abs(percent) <= NEAR_PERCENT ? 'near' : percent < 0 ? 'below' : 'above',
    };
    analysis.rank = { position: 1 + prices.filter((p) => p < price).length, of: count + 1 };
  }

  const kms = ascending(similar.flatMap((other) => (hasKm(other.km) ? [other.km] : [])));
  if (kms.length >= MIN_COMPARABLES) {
    const kmMedian = median(kms);
    analysis.kms = { median: kmMedian, count: kms.length, ...(km !== undefined ? { difference: km - kmMedian } : {}) };
  }
  return analysis;
}

// ---------------------------------------------------------------------------------------------
// Wording (plain English, Australian spelling), shared by the PDF and its tests. `word` is the
// site's vehicle word (car, vehicle, motorcycle, caravan, truck); each takes a plain 's' plural.
// ---------------------------------------------------------------------------------------------

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** "2nd cheapest of 9 (this car and 8 similar cars)"; "The cheapest of 9 …" for first place. */
export function rankText(rank: { position: number; of: number }, word = 'car'): string {
  const place = rank.position === 1 ? 'The cheapest' : `${ordinal(rank.position)} cheapest`;
  return `${place} of ${rank.of} (this ${word} and ${rank.of - 1} similar ${rank.of === 2 ? word : `${word}s`})`;
}

/** "$1,200 (3.4%) below the median", or "Within 3% of the median ($500 above)". */
export function differenceText(
  difference: NonNullable<CarAnalysis['difference']>,
  money: (amount: number) => string,
): string {
  const side = difference.amount < 0 ? 'below' : 'above';
  const dollars = money(Math.abs(difference.amount));
  if (difference.position === 'near')
    return difference.amount === 0
      ? 'The same as the median'
      : `Within ${NEAR_PERCENT}% of the median (${dollars} ${side})`;
  return `${dollars} (${Math.abs(difference.percent)}%) ${side} the median`;
}

/** "6,790 km fewer than the median", "the same as the median". */
export function kmDifferenceText(difference: number): string {
  if (difference === 0) return 'The same as the median';
  return `${formatKm(Math.abs(difference))} ${difference < 0 ? 'fewer' : 'more'} than the median`;
}

/** "3 years (2022 model year)"; "Under a year (2025 model year)". */
export function ageText(ageYears: number, year: number): string {
  const age = ageYears === 0 ? 'Under a year' : ageYears === 1 ? '1 year' : `${ageYears} years`;
  return `${age} (${year} model year)`;
}

/** "Mazda CX-5 cars from 2020 to 2024" ("car" for one). */
export function comparedCarsText(
  analysis: Pick<CarAnalysis, 'make' | 'model' | 'yearFrom' | 'yearTo'>,
  count: number,
  word = 'car',
): string {
  return `${analysis.make} ${analysis.model} ${count === 1 ? word : `${word}s`} from ${analysis.yearFrom} to ${analysis.yearTo}`.replace(
    /\s+/g,
    ' ',
  );
}

/** How the figures were worked out, naming the date the stock was read (in the site's time zone). */
export function methodText(analysis: CarAnalysis, date: string, word = 'car'): string {
  const sentences = [
    `This ${word} was compared with ${analysis.count} other ${comparedCarsText(analysis, analysis.count, word)} in our stock on ${date}, each with an advertised price (the offer price where there is one).`,
  ];
  if (analysis.enough) {
    sentences.push(
      `The median is the middle price: half of those ${word}s are advertised for less and half for more. A price within ${NEAR_PERCENT}% of the median counts as near it.`,
    );
    if (analysis.price === undefined)
      sentences.push(`This ${word} has no advertised price, so it is not placed against the others.`);
  }
  return sentences.join(' ');
}

/** The honest sentence when there are too few similar cars; undefined when there are enough. */
export function notEnoughDataText(analysis: CarAnalysis, word = 'car'): string | undefined {
  if (analysis.enough) return undefined;
  const found =
    analysis.count === 0
      ? 'there are no other'
      : `there ${analysis.count === 1 ? 'is only 1 other' : `are only ${analysis.count} other`}`;
  return `Not enough data: ${found} ${comparedCarsText(analysis, analysis.count, word)} in our stock, and at least ${MIN_COMPARABLES} are needed for a fair comparison, so no median, price range or rank is given.`;
}
