/**
 * The default geocoder: no network, no setup. Reads au-postcodes.json (see its "about" for where
 * the coordinates come from and how coarse they are) the first time a postcode is asked for, once
 * per process, so pages that never geocode never pay for it.
 */
import type { LatLng } from '../../domain/locations/distance';
import { normalisePostcode, type Geocoder } from './geocoder';

/** How closely a coordinate locates its postcode, best first. */
export type PostcodePrecision = 'postcode' | 'area' | 'state';

export interface PostcodeFix extends LatLng {
  precision: PostcodePrecision;
}

interface Range {
  from: number;
  to: number;
  at: LatLng;
}

/** The dataset, checked and indexed. */
export interface PostcodeIndex {
  postcodes: ReadonlyMap<string, LatLng>;
  /** Narrowest first, so the first match is the most precise. */
  areas: readonly Range[];
  states: readonly Range[];
}

const isCoordinate = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

function point(lat: unknown, lng: unknown, where: string): LatLng {
  if (!isCoordinate(lat, 90) || !isCoordinate(lng, 180))
    throw new Error(`au-postcodes.json: bad coordinates at ${where}`);
  return { lat, lng };
}

function range(from: unknown, to: unknown, at: LatLng, where: string): Range {
  if (
    typeof from !== 'string' ||
    typeof to !== 'string' ||
    !normalisePostcode(from) ||
    !normalisePostcode(to) ||
    from > to
  ) {
    throw new Error(`au-postcodes.json: bad postcode range at ${where}`);
  }
  return { from: Number(from), to: Number(to), at };
}

/**
 * Checks and indexes the JSON. A malformed file fails on first use with the entry at fault,
 * rather than geocoding postcodes to NaN.
 */
export function indexPostcodes(data: unknown): PostcodeIndex {
  const doc = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const rawPostcodes =
    typeof doc.postcodes === 'object' && doc.postcodes !== null ? (doc.postcodes as Record<string, unknown>) : {};
  const postcodes = new Map<string, LatLng>();
  for (const [postcode, value] of Object.entries(rawPostcodes)) {
    if (!normalisePostcode(postcode) || !Array.isArray(value))
      throw new Error(`au-postcodes.json: bad postcode entry ${postcode}`);
    postcodes.set(postcode, point(value[0], value[1], `postcodes.${postcode}`));
  }
  const rows = (key: string): unknown[][] => {
    const list = doc[key];
    if (!Array.isArray(list) || !list.every(Array.isArray))
      throw new Error(`au-postcodes.json: "${key}" must be a list of rows`);
    return list as unknown[][];
  };
  const areas = rows('areas')
    .map(([from, to, lat, lng], i) => range(from, to, point(lat, lng, `areas[${i}]`), `areas[${i}]`))
    .sort((a, b) => a.to - a.from - (b.to - b.from));
  const states = rows('states').map(([, from, to, lat, lng], i) =>
    range(from, to, point(lat, lng, `states[${i}]`), `states[${i}]`),
  );
  return { postcodes, areas, states };
}

/** The best fix the index has for a postcode: the postcode itself, else its district, else its state. */
export function lookupPostcode(index: PostcodeIndex, postcode: string): PostcodeFix | null {
  const code = normalisePostcode(postcode);
  if (!code) return null;
  const exact = index.postcodes.get(code);
  if (exact) return { ...exact, precision: 'postcode' };
  const n = Number(code);
  const inRange = (r: Range): boolean => n >= r.from && n <= r.to;
  const area = index.areas.find(inRange);
  if (area) return { ...area.at, precision: 'area' };
  const state = index.states.find(inRange);
  return state ? { ...state.at, precision: 'state' } : null;
}

export type PostcodeIndexLoader = () => Promise<PostcodeIndex>;

// The bundled dataset is the same for every tenant and request; one index per process is enough.
let bundled: Promise<PostcodeIndex> | undefined;

/** Loads and indexes the bundled au-postcodes.json on first call; later calls share the result. */
export const loadBundledPostcodes: PostcodeIndexLoader = () => {
  bundled ??= import('./au-postcodes.json')
    .then((module) => indexPostcodes(module.default))
    .catch((error: unknown) => {
      bundled = undefined; // let a later call try again rather than fail for the life of the process
      throw error;
    });
  return bundled;
};

export class EmbeddedGeocoder implements Geocoder {
  readonly #load: PostcodeIndexLoader;
  #index: Promise<PostcodeIndex> | undefined;

  constructor(load: PostcodeIndexLoader = loadBundledPostcodes) {
    this.#load = load;
  }

  /** Like geocodePostcode, and says how precise the answer is. */
  async locate(postcode: string): Promise<PostcodeFix | null> {
    // Malformed input never triggers the load.
    if (!normalisePostcode(postcode)) return null;
    this.#index ??= this.#load().catch((error: unknown) => {
      this.#index = undefined; // a failed load is retried on the next call
      throw error;
    });
    return lookupPostcode(await this.#index, postcode);
  }

  async geocodePostcode(postcode: string): Promise<LatLng | null> {
    const fix = await this.locate(postcode);
    return fix ? { lat: fix.lat, lng: fix.lng } : null;
  }
}
