/**
 * Reads a stock feed as dealers' systems actually write it (issue 18), before the strict schema
 * check: the spec's own shapes (catalogue §3, conversion §3) and the liberal spellings whose
 * meaning is unambiguous are turned into the one form the platform stores, and everything done
 * on the way is counted for the import report. Nothing is dropped silently:
 * - `null` for an optional value is read as no value;
 * - a location without `time_zone` gets the zone of its address's state (a warning);
 * - a date given as an ISO date-time is read as the date at the record's location;
 * - a car's nested `location` object names its location by `id` (a conflict with `location_id`
 *   is an error); the object itself is kept with the car;
 * - special hours naming their location by `location.id` must agree with `location_id` and with
 *   the location they are nested in;
 * - a field the platform does not know is moved, with its value, under the record's `unmapped`
 *   (by its pointer inside the record) and reported once per import with a count;
 * - a known field that the sites do not show yet is reported as "stored, not shown".
 * What is truly wrong (a price that is not a number, a missing id) is left for the schema check,
 * which reports it with its pointer.
 *
 * Pure: the caller passes what it knows of the locations already stored.
 */
import feedSchema from '../../schemas/feed.schema.json';
import { dateInZone, isKnownTimeZone, timeZoneOfState } from '../locations/time-zone';

/** What the importer knows of a stored location: enough to read a car's dates in its zone. */
export interface KnownLocation {
  timeZone?: string | undefined;
  state?: string | undefined;
}

/** One kind of thing the adapter did, how often, and where it first did it. */
export interface FeedNote {
  kind: FeedNoteKind;
  message: string;
  count: number;
  /** JSON pointers of the first few records concerned, in feed order. */
  first: string[];
}

export type FeedNoteKind =
  'time-zone-derived' | 'date-from-date-time' | 'date-zone-assumed' | 'null-as-absent' | 'nested-location';

/** A field path such as /cars/* /images/* /image/caption (without spaces), how often, and first seen where. */
export interface FieldCount {
  field: string;
  count: number;
  first: string;
}

export interface FeedProblem {
  pointer: string;
  message: string;
}

export interface AdaptedFeed {
  /** The feed in the stored form, for the schema check; the input is not changed. */
  document: unknown;
  /** Errors the adapter found (conflicting values): nothing may be imported. */
  problems: FeedProblem[];
  warnings: FeedNote[];
  unknownFields: FieldCount[];
  storedNotShown: FieldCount[];
}

/** How many pointers each note and field count keeps. */
const FIRST_POINTERS = 5;
/** The zone a car's dates are read in when nothing says where the car is. */
const FALLBACK_ZONE = 'Australia/Sydney';

/**
 * Fields of catalogue §3 and conversion §3 that are imported and kept but that no page shows yet,
 * with the reason, as the import report lists them. A guard test (feed-field-use.test.ts) checks
 * that every other field of the feed schema is read somewhere in the product, so a field cannot
 * be silently ignored. Paths use * for any array index or map key.
 */
export const STORED_NOT_SHOWN: ReadonlyArray<{ field: string; why: string }> = [
  { field: '/cars/*/path', why: "the source system's own page path; the site makes its own" },
  { field: '/cars/*/views', why: 'the platform counts its own views' },
  { field: '/cars/*/photos_count', why: 'the number of images[] is used' },
  { field: '/cars/*/gearnum', why: 'the transmission text, trans, is shown instead' },
  { field: '/cars/*/engine_size', why: 'engine_size_litres is shown instead' },
  { field: '/cars/*/private_suburb', why: 'private listings are not shown on dealer sites' },
  { field: '/cars/*/private_postcode', why: 'private listings are not shown on dealer sites' },
  { field: '/cars/*/carsales_title', why: 'the site builds its own title' },
  { field: '/cars/*/thumbnails', why: 'the thumbnails of images[] are used' },
  { field: '/cars/*/external_video_url', why: 'videos[] and video_url are shown' },
  { field: '/cars/*/spin_code', why: 'spin_images are shown' },
  { field: '/cars/*/has_nvic', why: 'the nvic itself is used' },
  { field: '/cars/*/location/name', why: "the location's own record is shown" },
  { field: '/cars/*/location/phone', why: "the location's own record is shown" },
  { field: '/cars/*/location/slug', why: "the location's own record is shown" },
  { field: '/cars/*/location/address', why: "the location's own record is shown" },
  { field: '/cars/*/location/distribution_locations', why: "the location's own record is used" },
  { field: '/cars/*/variant/enginesize', why: 'enginesize_litres is shown instead' },
  { field: '/cars/*/variant/bodyconfiguration', why: "the car's own bodyconfiguration is shown" },
  { field: '/cars/*/finance_lenders/*/termWeeks', why: 'termYears (or termMonths) is used' },
  { field: '/cars/*/finance_lenders/*/financeProvider', why: 'the key of finance_lenders names the provider' },
  { field: '/locations/*/location_subtype', why: 'location_type decides where a location is listed' },
  { field: '/locations/*/motor_vehicle_repairer', why: 'the licence number shown is dealer_license_number' },
  { field: '/locations/*/distribution_locations', why: 'stock is shown by each car’s own location' },
  { field: '/locations/*/address/place_id', why: 'the map is placed by lat and long' },
  { field: '/locations/*/address/place_url', why: 'the map link is made from the address' },
  { field: '/locations/*/address/map_key', why: 'the map is placed by lat and long' },
  { field: '/locations/*/review_items/*/reply_date', why: 'the reply is shown without its date' },
];

const storedNotShownFields = new Set(STORED_NOT_SHOWN.map((s) => s.field));

type Json = unknown;
type JsonObject = Record<string, Json>;
type SchemaNode = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  patternProperties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
};

const definitions = (feedSchema as { definitions: Record<string, SchemaNode> }).definitions;
const rootProperties = (feedSchema as { properties: Record<string, SchemaNode> }).properties;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolve(node: SchemaNode): SchemaNode {
  let current = node;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const name = current.$ref.replace('#/definitions/', '');
    const target = definitions[name];
    if (!target) break;
    current = target;
  }
  return current;
}

function allowsNull(node: SchemaNode): boolean {
  const n = resolve(node);
  if (n.type === 'null' || (Array.isArray(n.type) && n.type.includes('null'))) return true;
  if (n.enum?.includes(null)) return true;
  return [...(n.anyOf ?? []), ...(n.oneOf ?? [])].some(allowsNull);
}

function escapeToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

class Tally {
  readonly #notes = new Map<FeedNoteKind, FeedNote>();
  readonly #unknown = new Map<string, FieldCount>();
  readonly #stored = new Map<string, FieldCount>();

  note(kind: FeedNoteKind, message: string, pointer: string): void {
    const note = this.#notes.get(kind) ?? { kind, message, count: 0, first: [] };
    note.count++;
    if (note.first.length < FIRST_POINTERS) note.first.push(pointer);
    this.#notes.set(kind, note);
  }

  static #count(map: Map<string, FieldCount>, field: string, pointer: string): void {
    const entry = map.get(field) ?? { field, count: 0, first: pointer };
    entry.count++;
    map.set(field, entry);
  }

  unknown(field: string, pointer: string): void {
    Tally.#count(this.#unknown, field, pointer);
  }

  stored(field: string, pointer: string): void {
    Tally.#count(this.#stored, field, pointer);
  }

  get warnings(): FeedNote[] {
    return [...this.#notes.values()];
  }

  get unknownFields(): FieldCount[] {
    return [...this.#unknown.values()].sort((a, b) => a.field.localeCompare(b.field));
  }

  get storedNotShown(): FieldCount[] {
    return [...this.#stored.values()].sort((a, b) => a.field.localeCompare(b.field));
  }
}

interface RecordContext {
  /** Pointer of the record, e.g. /cars/12. */
  pointer: string;
  /** Tokens (unescaped) from the record to the value being read; a pointer is made only when needed. */
  path: string[];
  /** The record's unknown fields, by pointer inside the record. */
  unmapped: JsonObject;
  /** Zone that dates given as date-times are read in; undefined when none is known. */
  zone: string | undefined;
  tally: Tally;
}

function pointerOf(ctx: RecordContext, key?: string): string {
  const tokens = key === undefined ? ctx.path : [...ctx.path, key];
  return ctx.pointer + tokens.map((t) => `/${escapeToken(t)}`).join('');
}

/**
 * What to do with a value at one place of a record, worked out once from the schema: the walk of
 * a large feed then does no schema look-ups and no string building unless it has something to note.
 */
interface Plan {
  /** The field, e.g. /cars/* /images (without the space), with * for indexes and map keys. */
  field: string;
  date: boolean;
  nullable: boolean;
  storedNotShown: boolean;
  items?: Plan;
  properties?: Map<string, Plan>;
  patterns?: Array<[RegExp, Plan]>;
  /** A key no property names: read by this plan (a map), kept as is, or unknown. */
  other: Plan | 'keep' | 'unknown';
  /** Neither it nor anything inside it can change or be counted: the value is taken as it is. */
  plain: boolean;
}

const plans = new Map<string, Plan>();

function planFor(node: SchemaNode, field: string): Plan {
  const cached = plans.get(field);
  if (cached) return cached;
  const n = resolve(node);
  const isObjectNode = Boolean(n.properties || n.patternProperties || n.additionalProperties !== undefined);
  const plan: Plan = {
    field,
    date: n.format === 'date',
    nullable: allowsNull(node),
    storedNotShown: storedNotShownFields.has(field),
    other: 'keep',
    plain: false,
  };
  plans.set(field, plan);
  if (n.items) plan.items = planFor(n.items, `${field}/*`);
  if (isObjectNode) {
    plan.properties = new Map(
      Object.entries(n.properties ?? {}).map(([key, child]) => [key, planFor(child, `${field}/${escapeToken(key)}`)]),
    );
    plan.patterns = Object.entries(n.patternProperties ?? {}).map(([pattern, child]) => [
      new RegExp(pattern, 'u'),
      planFor(child, `${field}/*`),
    ]);
    const extra = n.additionalProperties;
    plan.other = extra === false ? 'unknown' : typeof extra === 'object' ? planFor(extra, `${field}/*`) : 'keep';
  }
  plan.plain = !isObjectNode && !plan.date && (!plan.items || plan.items.plain);
  return plan;
}

/**
 * The value in the stored form, moving unknown fields into `ctx.unmapped` and counting what was
 * read liberally. Copy on write: a value with nothing to change is returned as it is.
 */
function adaptValue(value: Json, plan: Plan, ctx: RecordContext): Json {
  if (plan.plain) return value;
  if (Array.isArray(value)) {
    const items = plan.items;
    if (!items) return value;
    let out: Json[] | undefined;
    for (let i = 0; i < value.length; i++) {
      ctx.path.push(String(i));
      const adapted = adaptValue(value[i], items, ctx);
      ctx.path.pop();
      if (adapted !== value[i]) (out ??= value.slice())[i] = adapted;
    }
    return out ?? value;
  }
  if (!isObject(value)) {
    if (typeof value === 'string' && plan.date) return adaptDate(value, pointerOf(ctx), ctx);
    return value;
  }
  if (!plan.properties) return value;
  let out: JsonObject | undefined;
  const copy = () => (out ??= { ...value });
  for (const key in value) {
    const child = value[key];
    let childPlan = plan.properties.get(key);
    if (!childPlan) for (const [pattern, p] of plan.patterns ?? []) if (pattern.test(key)) childPlan = p;
    if (!childPlan && typeof plan.other === 'object') childPlan = plan.other;
    if (!childPlan) {
      if (plan.other === 'unknown') {
        // Unknown here: kept with the record, by its place inside it, and counted once per field.
        const pointer = pointerOf(ctx, key);
        ctx.unmapped[pointer.slice(ctx.pointer.length)] = child;
        ctx.tally.unknown(`${plan.field}/${escapeToken(key)}`, pointer);
        delete copy()[key];
      }
      continue;
    }
    if (child === null && !childPlan.nullable) {
      ctx.tally.note('null-as-absent', 'null was read as no value', pointerOf(ctx, key));
      delete copy()[key];
      continue;
    }
    if (childPlan.storedNotShown) ctx.tally.stored(childPlan.field, pointerOf(ctx, key));
    ctx.path.push(key);
    const adapted = adaptValue(child, childPlan, ctx);
    ctx.path.pop();
    // Defined, not assigned: a key such as __proto__ (a finance provider code from a feed) stays data.
    if (adapted !== child)
      Object.defineProperty(copy(), key, { value: adapted, enumerable: true, writable: true, configurable: true });
  }
  return out ?? value;
}

function adaptDate(value: string, pointer: string, ctx: RecordContext): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const zone = ctx.zone ?? FALLBACK_ZONE;
  const date = dateInZone(value, zone);
  if (date === undefined) return value; // Not a date-time either: the schema check reports it.
  if (ctx.zone === undefined)
    ctx.tally.note(
      'date-zone-assumed',
      `a date given as a date-time was read in ${FALLBACK_ZONE}: nothing says where the record is (give the car a location_id or a state)`,
      pointer,
    );
  ctx.tally.note(
    'date-from-date-time',
    "a date given as a date-time was read as the date at the record's location",
    pointer,
  );
  return date;
}

/** A location's zone: its own, else its address state's (noted), else undefined. */
function locationZone(location: JsonObject, pointer: string, tally: Tally): string | undefined {
  const own = location.time_zone;
  if (typeof own === 'string' && own.length) return own;
  const address = isObject(location.address) ? location.address : undefined;
  const state = typeof address?.state === 'string' ? address.state : undefined;
  const derived = timeZoneOfState(state);
  if (derived)
    tally.note(
      'time-zone-derived',
      "a location without time_zone was given its address state's zone (NSW/ACT Sydney, VIC Melbourne, TAS Hobart, QLD Brisbane, SA Adelaide, NT Darwin, WA Perth, NZ Auckland)",
      `${pointer}/time_zone`,
    );
  return derived;
}

/** Records adapted between two turns of the caller's event loop. */
const RECORDS_PER_TURN = 500;

async function adaptRecords(
  records: Json,
  node: SchemaNode,
  name: string,
  tally: Tally,
  problems: FeedProblem[],
  turn: () => Promise<void>,
  prepare: (record: JsonObject, pointer: string) => { record: JsonObject; zone: string | undefined },
): Promise<Json> {
  if (!Array.isArray(records)) return records;
  const plan = planFor(node, `/${name}/*`);
  const out: Json[] = [];
  for (const [i, raw] of records.entries()) {
    if (i % RECORDS_PER_TURN === RECORDS_PER_TURN - 1) await turn();
    const pointer = `/${name}/${i}`;
    if (!isObject(raw)) {
      out.push(raw);
      continue;
    }
    const { record, zone } = prepare(raw, pointer);
    const ctx: RecordContext = { pointer, path: [], unmapped: {}, zone, tally };
    const adapted = adaptValue(record, plan, ctx);
    if (!isObject(adapted) || Object.keys(ctx.unmapped).length === 0) {
      out.push(adapted);
      continue;
    }
    const previous = isObject(adapted.unmapped) ? adapted.unmapped : {};
    if (adapted.unmapped !== undefined && !isObject(adapted.unmapped))
      problems.push({
        pointer: `${pointer}/unmapped`,
        message: 'expected an object of fields the platform does not know',
      });
    out.push({ ...adapted, unmapped: { ...previous, ...ctx.unmapped } });
  }
  return out;
}

function integerOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/**
 * The feed in its stored form, with what was done to it. `stored` describes the locations already
 * in the database, by id, so that a car's dates can be read in its location's zone. `turn` is
 * awaited every few hundred records: a server importing a large feed keeps answering meanwhile.
 */
export async function adaptFeed(
  input: unknown,
  stored: ReadonlyMap<number, KnownLocation> = new Map(),
  turn: () => Promise<void> = async () => {},
): Promise<AdaptedFeed> {
  const tally = new Tally();
  const problems: FeedProblem[] = [];
  if (!isObject(input)) return { document: input, problems, warnings: [], unknownFields: [], storedNotShown: [] };

  // Locations first: the cars' dates are read in their zones.
  const zones = new Map<number, string | undefined>();
  for (const [id, known] of stored) zones.set(id, known.timeZone ?? timeZoneOfState(known.state));
  const locationNode = definitions.location ?? {};
  const locations = await adaptRecords(
    input.locations,
    locationNode,
    'locations',
    tally,
    problems,
    turn,
    (raw, pointer) => {
      const zone = locationZone(raw, pointer, tally);
      const record = zone && raw.time_zone !== zone ? { ...raw, time_zone: zone } : raw;
      const id = integerOrUndefined(raw.id);
      if (id !== undefined) zones.set(id, zone);
      if (zone && !isKnownTimeZone(zone))
        problems.push({
          pointer: `${pointer}/time_zone`,
          message: `expected an IANA time zone such as Australia/Sydney, found "${zone}"`,
        });
      checkSpecialHours(raw, id, pointer, problems);
      return { record, zone: zone && isKnownTimeZone(zone) ? zone : undefined };
    },
  );

  const carNode = definitions.car ?? {};
  const cars = await adaptRecords(input.cars, carNode, 'cars', tally, problems, turn, (raw, pointer) => {
    let record = raw;
    if (isObject(raw.location)) {
      const nestedId = integerOrUndefined(raw.location.id);
      const flatId = raw.location_id;
      if (nestedId !== undefined && flatId !== undefined && flatId !== null && flatId !== nestedId)
        problems.push({
          pointer: `${pointer}/location/id`,
          message: `the car's location is given twice and differs: location.id ${nestedId}, location_id ${JSON.stringify(flatId)}`,
        });
      else if (nestedId !== undefined && (flatId === undefined || flatId === null)) {
        record = { ...raw, location_id: nestedId };
        tally.note(
          'nested-location',
          "a car's location was read from its nested location object's id",
          `${pointer}/location`,
        );
      }
    }
    const locationId = integerOrUndefined(record.location_id);
    const zone =
      (locationId !== undefined ? zones.get(locationId) : undefined) ??
      timeZoneOfState(typeof record.state === 'string' ? record.state : undefined);
    return { record, zone };
  });

  const document: JsonObject = {};
  for (const [key, value] of Object.entries(input)) {
    // A key the feed format does not have, beside the records (a generator's timestamp, say):
    // reported, and left out, as it belongs to no record that could keep it.
    if (Object.hasOwn(rootProperties, key)) document[key] = value;
    else tally.unknown(`/${escapeToken(key)}`, `/${escapeToken(key)}`);
  }
  if (input.locations !== undefined) document.locations = locations;
  if (input.cars !== undefined) document.cars = cars;
  for (const name of ['dealerships', 'manufacturers', 'models'] as const) {
    if (input[name] === undefined) continue;
    const node = rootProperties[name]?.items ?? {};
    document[name] = await adaptRecords(input[name], node, name, tally, problems, turn, (record) => ({
      record,
      zone: undefined,
    }));
  }
  return {
    document,
    problems,
    warnings: tally.warnings,
    unknownFields: tally.unknownFields,
    storedNotShown: tally.storedNotShown,
  };
}

/** Special hours name their location by location_id or location.id (conversion §3): both must agree, with each other and with the location they are nested in. */
function checkSpecialHours(
  location: JsonObject,
  id: number | undefined,
  pointer: string,
  problems: FeedProblem[],
): void {
  if (!Array.isArray(location.special_hours)) return;
  location.special_hours.forEach((entry, j) => {
    if (!isObject(entry)) return;
    const flat = integerOrUndefined(entry.location_id);
    const nested = isObject(entry.location) ? integerOrUndefined(entry.location.id) : undefined;
    const at = `${pointer}/special_hours/${j}`;
    if (flat !== undefined && nested !== undefined && flat !== nested)
      problems.push({
        pointer: `${at}/location/id`,
        message: `location.id ${nested} differs from location_id ${flat}`,
      });
    const named = nested ?? flat;
    if (named !== undefined && id !== undefined && named !== id)
      problems.push({
        pointer: `${at}/${nested !== undefined ? 'location/id' : 'location_id'}`,
        message: `these hours name location ${named} but are nested in location ${id}`,
      });
  });
}
