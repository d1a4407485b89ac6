/**
 * Meta's automotive inventory catalogue feed (Automotive Inventory Ads) as CSV: one header row of
 * Meta's field names, then one row per advertised vehicle. Nested fields are flattened with
 * Meta's JSON-path column names (mileage.value, address.city, image[0].url). The CSV is RFC 4180:
 * every field quoted, quotes doubled, CRLF line ends, so commas, quotes and line breaks in a
 * dealer's text survive. Enumerated values use Meta's upper-case words (state_of_vehicle NEW,
 * USED or CPO; body_style, fuel_type, transmission, drivetrain), OTHER where Meta has no word.
 */
import { feedPrice, type AdVehicle } from './inventory-feed';

/** Photo columns written: image[0].url ... image[9].url (Meta accepts up to 20). */
export const META_IMAGE_COLUMNS = 10;

/*
 * Meta's words for the site's words. Maps, not object literals: a feed's value is looked up as it
 * came, and a plain object would answer 'constructor' or '__proto__' with what every object
 * inherits (the CSV would carry 'function Object() { [native code] }').
 */
const BODY_STYLES: ReadonlyMap<string, string> = new Map([
  ['hatch', 'HATCHBACK'],
  ['hatchback', 'HATCHBACK'],
  ['sedan', 'SEDAN'],
  ['suv', 'SUV'],
  ['wagon', 'WAGON'],
  ['station wagon', 'WAGON'],
  ['ute', 'TRUCK'],
  ['cab chassis', 'TRUCK'],
  ['van', 'VAN'],
  ['people mover', 'MINIVAN'],
  ['coupe', 'COUPE'],
  ['convertible', 'CONVERTIBLE'],
]);

const FUEL_TYPES: ReadonlyMap<string, string> = new Map([
  ['petrol', 'PETROL'],
  ['diesel', 'DIESEL'],
  ['electric', 'ELECTRIC'],
  ['hybrid', 'HYBRID'],
  ['phev', 'PLUGIN_HYBRID'],
]);

const DRIVETRAINS: ReadonlyMap<string, string> = new Map([
  ['fwd', 'FWD'],
  ['rwd', 'RWD'],
  ['awd', 'AWD'],
  ['4x4', '4X4'],
  ['4wd', '4X4'],
  ['4x2', '4X2'],
  ['2wd', 'TWO_WD'],
]);

const TRANSMISSIONS: ReadonlyMap<string, string> = new Map([
  ['automatic', 'AUTOMATIC'],
  ['manual', 'MANUAL'],
]);

const upper = (map: ReadonlyMap<string, string>, value: string | undefined, fallback: string): string =>
  value === undefined ? '' : (map.get(value.trim().toLowerCase()) ?? fallback);

/** Meta's state_of_vehicle: NEW, USED, or CPO for a certified pre-owned car. */
export function metaStateOfVehicle(vehicle: Pick<AdVehicle, 'condition' | 'certified'>): 'NEW' | 'USED' | 'CPO' {
  if (vehicle.condition === 'new') return 'NEW';
  return vehicle.certified ? 'CPO' : 'USED';
}

const IMAGE_COLUMNS = Array.from({ length: META_IMAGE_COLUMNS }, (_, i) =>
  i === 0 ? ['image[0].url', 'image[0].tag[0]'] : [`image[${i}].url`],
).flat();

/** The header row's field names, in column order. */
export const META_COLUMNS: readonly string[] = [
  'vehicle_id',
  'title',
  'description',
  'url',
  'make',
  'model',
  'year',
  'trim',
  'mileage.value',
  'mileage.unit',
  'price',
  'state_of_vehicle',
  'vin',
  'body_style',
  'exterior_color',
  'transmission',
  'fuel_type',
  'drivetrain',
  'availability',
  'dealer_id',
  'dealer_name',
  'dealer_phone',
  'address.addr1',
  'address.city',
  'address.region',
  'address.postal_code',
  'address.country',
  'latitude',
  'longitude',
  ...IMAGE_COLUMNS,
];

/** One RFC 4180 field: always quoted, inner quotes doubled (line breaks and commas kept as they are). */
export function csvField(value: string | number | undefined): string {
  const text = value === undefined ? '' : String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

/** A cell that starts with one of these is a formula to Excel, LibreOffice and Google Sheets, quoted or not. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A signed number or a phone number ('+61 2 9999 0000'): digits and punctuation, nothing a spreadsheet can run. */
const PLAIN_NUMBER = /^(?=.*[0-9])[+-]?[0-9 ().-]+$/;

/**
 * Dealer text as a spreadsheet shows it, never as a formula it runs: the feed's text (colour,
 * trim, location names, the description) comes from the dealer's system, and the CSV is opened in
 * Excel by whoever checks the catalogue, where `=HYPERLINK("http://x","Update")` would be a live
 * link and `=cmd|...` a command. Quoting does not stop that; a leading ' does (OWASP's CSV
 * injection advice for cells starting with = + - @ tab or carriage return). A signed number or a
 * phone number cannot run anything, so it is left as it is for Meta to read.
 */
export function spreadsheetText(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One CSV record with its CRLF line end. */
export function csvRecord(values: ReadonlyArray<string | number | undefined>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export function metaHeaderRow(): string {
  return csvRecord(META_COLUMNS);
}

/** One vehicle's row, in META_COLUMNS order. */
export function metaRow(vehicle: AdVehicle): string {
  const place = vehicle.place;
  const mileage = vehicle.km ?? (vehicle.condition === 'new' ? 0 : undefined);
  const values: Record<string, string | number | undefined> = {
    vehicle_id: vehicle.id,
    title: vehicle.title,
    description: vehicle.description,
    url: vehicle.link,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    trim: vehicle.trim,
    'mileage.value': mileage,
    'mileage.unit': mileage === undefined ? undefined : 'KM',
    price: feedPrice(vehicle.price, vehicle.currency),
    state_of_vehicle: metaStateOfVehicle(vehicle),
    vin: vehicle.vin,
    body_style: upper(BODY_STYLES, vehicle.body, 'OTHER'),
    exterior_color: vehicle.colour,
    transmission: upper(TRANSMISSIONS, vehicle.transmission, 'OTHER'),
    fuel_type: upper(FUEL_TYPES, vehicle.fuel, 'OTHER'),
    drivetrain: upper(DRIVETRAINS, vehicle.drive, 'OTHER'),
    // Only cars for sale today are in the feed (domain/inventory-feed.ts).
    availability: 'AVAILABLE',
    dealer_id: place?.id,
    dealer_name: place?.name,
    dealer_phone: place?.phone,
    'address.addr1': place?.street,
    'address.city': place?.city,
    'address.region': place?.state,
    'address.postal_code': place?.postcode,
    'address.country': place ? vehicle.country : undefined,
    latitude: place?.lat,
    longitude: place?.lng,
  };
  vehicle.images.slice(0, META_IMAGE_COLUMNS).forEach((url, i) => {
    values[`image[${i}].url`] = url;
  });
  // Meta asks for a tag on the first photo; the photo is of this vehicle, so its title describes it.
  if (vehicle.images.length) values['image[0].tag[0]'] = vehicle.title;
  // Text cells only: the numeric columns (year, mileage.value, latitude, longitude, dealer_id) are
  // numbers here, and a southern latitude's '-' is its sign.
  return csvRecord(
    META_COLUMNS.map((column) => {
      const value = values[column];
      return typeof value === 'string' ? spreadsheetText(value) : value;
    }),
  );
}
