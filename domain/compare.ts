/**
 * Comparing cars side by side (catalogue §1 "share, favourite or compare vehicles", §6 "Anonymous
 * visitors can ... compare"): the list kept in the browser, and the rows of the comparison table.
 * Pure: the client keeps the list, the server sends the cars, both call these rules.
 */
import { formatKm, formatMoney } from './format';
import { priceDisplay, type PriceDisplay, type PriceDisplayOptions, type PricedCar } from './price-display';
import { isAvailable } from './listing';
import { isBlankSpecValue, rvSpecRows, type RvSpecifications } from './vehicle/spec-rows';
import { vehicleTitle } from './vehicle-title';

export * from './compare-list';

/** The fields the comparison reads: what the server sends for each car, nothing more. */
export interface ComparableCar extends PricedCar {
  id: number;
  slug: string;
  year?: number;
  make?: string;
  model?: string;
  badge?: string;
  series?: string;
  car_type?: 'new' | 'demo' | 'used';
  status?: string;
  km?: number;
  simple_transmission?: string;
  trans?: string;
  simple_fuel?: string;
  fuel?: string;
  simple_body?: string;
  bodyconfiguration?: string;
  drive?: string;
  engine_size_litres?: number;
  seats?: number;
  doors?: number;
  colour?: string;
  interior_colour?: string;
  stocknum?: string;
  image?: string;
  location_name?: string;
  variant?: { [K in VariantKey]?: unknown };
  specifications?: RvSpecifications;
  standardEquipment?: string[];
}

const VARIANT_KEYS = [
  'cylinders',
  'enginesize_litres',
  'induction',
  'fuelconsumptioncombined',
  'fuelcapacity',
  'torque',
  'towingcapacitybraked',
  'grossvehiclemass',
  'vehiclelength',
  'vehiclewidth',
  'vehicleheight',
  'ancaprating',
  'geartype',
] as const;
type VariantKey = (typeof VARIANT_KEYS)[number];

/** A stock car reduced to what the comparison shows (no VIN, comments, media lists or lender data). */
export function toComparableCar(
  car: ComparableCar & { images?: Array<{ image?: { url?: string } }> | null; primary_image_url?: string },
  locationName?: string,
): ComparableCar {
  const variant = car.variant
    ? Object.fromEntries(VARIANT_KEYS.flatMap((k) => (car.variant?.[k] === undefined ? [] : [[k, car.variant[k]]])))
    : undefined;
  const picked: ComparableCar = {
    id: car.id,
    slug: car.slug,
    year: car.year,
    make: car.make,
    model: car.model,
    badge: car.badge,
    series: car.series,
    car_type: car.car_type,
    status: car.status,
    price: car.price,
    before_price: car.before_price,
    offer_price: car.offer_price,
    subscription_price: car.subscription_price,
    price_type: car.price_type,
    preorder: car.preorder,
    km: car.km,
    simple_transmission: car.simple_transmission,
    trans: car.trans,
    simple_fuel: car.simple_fuel,
    fuel: car.fuel,
    simple_body: car.simple_body,
    bodyconfiguration: car.bodyconfiguration,
    drive: car.drive,
    engine_size_litres: car.engine_size_litres,
    seats: car.seats,
    doors: car.doors,
    colour: car.colour,
    interior_colour: car.interior_colour,
    stocknum: car.stocknum,
    image: car.images?.[0]?.image?.url ?? car.primary_image_url,
    location_name: locationName,
    variant,
    specifications: car.specifications,
    standardEquipment: car.standardEquipment,
  };
  // JSON drops undefined anyway; dropping it here keeps tests and answers equal.
  return Object.fromEntries(Object.entries(picked).filter(([, v]) => v !== undefined)) as unknown as ComparableCar;
}

export interface CompareRow {
  key: string;
  label: string;
  /** One value per car, in the cars' order; undefined where a car has none ('—' on screen). */
  values: Array<string | undefined>;
  /** The cars do not all agree: highlighted, so the shopper sees what sets them apart. */
  differs: boolean;
}

export interface CompareSection {
  heading: 'Key facts' | 'Specifications' | 'Features';
  rows: CompareRow[];
}

export interface CompareTable {
  cars: Array<{ id: number; slug: string; title: string; image?: string; available: boolean }>;
  price: { values: PriceDisplay[]; texts: string[]; differs: boolean };
  sections: CompareSection[];
}

const text = (value: unknown): string | undefined => (isBlankSpecValue(value) ? undefined : String(value).trim());
const withUnit = (value: unknown, suffix: string): string | undefined => {
  const shown = text(value);
  return shown === undefined ? undefined : `${shown} ${suffix}`;
};
const normal = (value: string | undefined) => value?.toLowerCase().replace(/\s+/g, ' ');

/** Differences are only meaningful between two cars or more; a lone car differs from nothing. */
const differ = (values: ReadonlyArray<string | undefined>) => values.length > 1 && new Set(values.map(normal)).size > 1;

function row(key: string, label: string, values: Array<string | undefined>): CompareRow {
  return { key, label, values, differs: differ(values) };
}

/** spec: catalogue §5 — rows with undefined, null, empty or 'null' values are hidden (here: for every car). */
const shown = (rows: CompareRow[]) => rows.filter((r) => r.values.some((v) => v !== undefined));

const CONDITION = { new: 'New', demo: 'Demo', used: 'Used' } as const;

export interface CompareOptions extends PriceDisplayOptions {
  currency: string;
}

/** The price as the vehicle page writes it (catalogue §4 price display priority). */
export function comparePriceText(display: PriceDisplay, currency: string): string {
  if (!('amount' in display)) return display.text;
  const parts = [formatMoney(display.amount, currency)];
  if (display.kind === 'subscription') parts.push('per week subscription');
  if (display.priceType) parts.push(display.priceType);
  return parts.join(' ');
}

/**
 * The comparison of `cars` in their order: price by the display rules, key facts, specifications
 * and features. A row every car lacks is left out; a row where the cars disagree is marked.
 */
export function compareTable(cars: readonly ComparableCar[], options: CompareOptions): CompareTable {
  const each = <T>(pick: (car: ComparableCar) => T) => cars.map(pick);
  const variant = (car: ComparableCar, key: VariantKey) => car.variant?.[key];
  const fields = (list: Array<[string, string, (car: ComparableCar) => string | undefined]>) =>
    list.map(([key, label, pick]) => row(key, label, each(pick)));
  const prices = each((car) => priceDisplay(car, options));
  const priceTexts = prices.map((p) => comparePriceText(p, options.currency));

  const keyFacts = shown(
    fields([
      ['condition', 'Condition', (c) => (c.car_type ? CONDITION[c.car_type] : undefined)],
      ['year', 'Year', (c) => text(c.year)],
      ['km', 'Odometer', (c) => (typeof c.km === 'number' ? formatKm(c.km) : undefined)],
      ['transmission', 'Transmission', (c) => text(c.simple_transmission ?? c.trans)],
      ['fuel', 'Fuel', (c) => text(c.simple_fuel ?? c.fuel)],
      ['body', 'Body', (c) => text(c.simple_body ?? c.bodyconfiguration)],
      ['drive', 'Drive', (c) => text(c.drive)],
      ['engine', 'Engine', (c) => withUnit(c.engine_size_litres, 'L')],
      ['seats', 'Seats', (c) => text(c.seats)],
      ['doors', 'Doors', (c) => text(c.doors)],
      ['colour', 'Colour', (c) => text(c.colour)],
      ['interior_colour', 'Interior colour', (c) => text(c.interior_colour)],
      ['location', 'Location', (c) => text(c.location_name)],
      ['stocknum', 'Stock number', (c) => text(c.stocknum)],
    ]),
  );

  // The vehicle page's specifications list, in its order and units, with a caravan's own rows.
  const rvRows = each((c) => new Map(rvSpecRows(c.specifications).map((r) => [r.name, text(r.value)])));
  const rvNames = [...new Set(rvRows.flatMap((m) => [...m.keys()]))];
  const specifications = shown([
    ...fields([
      ['cylinders', 'Cylinders', (c) => text(variant(c, 'cylinders'))],
      ['enginesize', 'Engine size', (c) => withUnit(variant(c, 'enginesize_litres') ?? c.engine_size_litres, 'L')],
      ['induction', 'Induction', (c) => text(variant(c, 'induction'))],
      [
        'fuelconsumption',
        'Fuel consumption (combined)',
        (c) => withUnit(variant(c, 'fuelconsumptioncombined'), 'L/100 km'),
      ],
      ['fuelcapacity', 'Fuel capacity', (c) => withUnit(variant(c, 'fuelcapacity'), 'L')],
      ['torque', 'Torque', (c) => withUnit(variant(c, 'torque'), 'Nm')],
      ['towing', 'Towing capacity (braked)', (c) => withUnit(variant(c, 'towingcapacitybraked'), 'kg')],
      ['gvm', 'Gross vehicle mass', (c) => withUnit(variant(c, 'grossvehiclemass'), 'kg')],
      ['length', 'Length', (c) => withUnit(variant(c, 'vehiclelength'), 'mm')],
      ['width', 'Width', (c) => withUnit(variant(c, 'vehiclewidth'), 'mm')],
      ['height', 'Height', (c) => withUnit(variant(c, 'vehicleheight'), 'mm')],
      ['ancap', 'ANCAP rating', (c) => text(variant(c, 'ancaprating'))],
      ['geartype', 'Gear type', (c) => text(variant(c, 'geartype'))],
    ]),
    ...rvNames.map((name) =>
      row(
        `rv:${name}`,
        name,
        rvRows.map((m) => m.get(name)),
      ),
    ),
  ]);

  // Every feature any car lists, in the order first met; a car lists it or it does not.
  const featureSets = each(
    (c) => new Set((c.standardEquipment ?? []).map((f) => text(f)).filter((f): f is string => f !== undefined)),
  );
  const features = [...new Set(featureSets.flatMap((s) => [...s]))].map((name) =>
    row(
      `feature:${name}`,
      name,
      featureSets.map((s) => (s.has(name) ? 'Yes' : undefined)),
    ),
  );

  return {
    cars: each((c) => ({
      id: c.id,
      slug: c.slug,
      title: vehicleTitle(c),
      ...(c.image ? { image: c.image } : {}),
      available: c.status === undefined || isAvailable({ status: c.status }),
    })),
    price: { values: prices, texts: priceTexts, differs: differ(priceTexts) },
    sections: [
      { heading: 'Key facts' as const, rows: keyFacts },
      { heading: 'Specifications' as const, rows: specifications },
      { heading: 'Features' as const, rows: features },
    ].filter((s) => s.rows.length > 0),
  };
}
