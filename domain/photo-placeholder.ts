/**
 * The picture shown where a vehicle has no photo, or its photo cannot be shown (issue 18): a
 * silhouette of its body type, the body type's name and "Photo coming soon", never a broken image.
 * The words come only from the table below: the image route takes the body type from its query
 * string, so an address cannot make this site draw text of someone else's choosing.
 */

export type PlaceholderShape = 'car' | 'suv' | 'ute' | 'van' | 'motorcycle';

interface BodyType {
  label: string;
  shape: PlaceholderShape;
}

/**
 * Body types by key (the key goes in image addresses): the feed's simple_body values (catalogue §3),
 * the models' body types (conversion §9) and the common names dealers' systems use.
 */
const BODY_TYPES: Readonly<Record<string, BodyType>> = {
  suv: { label: 'SUV', shape: 'suv' },
  '4x4': { label: '4x4', shape: 'suv' },
  wagon: { label: 'Wagon', shape: 'suv' },
  hatch: { label: 'Hatch', shape: 'car' },
  sedan: { label: 'Sedan', shape: 'car' },
  coupe: { label: 'Coupe', shape: 'car' },
  convertible: { label: 'Convertible', shape: 'car' },
  hardtop: { label: 'Hardtop', shape: 'car' },
  ute: { label: 'Ute', shape: 'ute' },
  'cab-chassis': { label: 'Cab Chassis', shape: 'ute' },
  'light-truck': { label: 'Light Truck', shape: 'ute' },
  van: { label: 'Van', shape: 'van' },
  'people-mover': { label: 'People Mover', shape: 'van' },
  bus: { label: 'Bus', shape: 'van' },
  motorhome: { label: 'Motorhome', shape: 'van' },
  motorcycle: { label: 'Motorcycle', shape: 'motorcycle' },
  naked: { label: 'Naked bike', shape: 'motorcycle' },
  adventure: { label: 'Adventure bike', shape: 'motorcycle' },
  sport: { label: 'Sport bike', shape: 'motorcycle' },
  cruiser: { label: 'Cruiser', shape: 'motorcycle' },
  dirt: { label: 'Dirt bike', shape: 'motorcycle' },
  scooter: { label: 'Scooter', shape: 'motorcycle' },
};

/** Other spellings of the same body types, by their letters and digits in lower case. */
const ALIASES: Readonly<Record<string, string>> = {
  hatchback: 'hatch',
  saloon: 'sedan',
  stationwagon: 'wagon',
  estate: 'wagon',
  cabriolet: 'convertible',
  softtop: 'convertible',
  roadster: 'convertible',
  cabchassis: 'cab-chassis',
  lighttruck: 'light-truck',
  pickup: 'ute',
  utility: 'ute',
  peoplemover: 'people-mover',
  minivan: 'people-mover',
  mpv: 'people-mover',
  campervan: 'motorhome',
  motorbike: 'motorcycle',
};

/**
 * The key of a body type as a feed or model names it ('SUV', 'Cab Chassis', 'cabChassis',
 * 'Hatchback'), or undefined for one this table does not know (the picture then names none).
 */
export function placeholderBodyKey(body: string | null | undefined): string | undefined {
  if (!body) return undefined;
  const lower = body.trim().toLowerCase();
  if (Object.hasOwn(BODY_TYPES, lower)) return lower;
  const letters = lower.replace(/[^a-z0-9]/g, '');
  if (Object.hasOwn(ALIASES, letters)) return ALIASES[letters];
  return Object.keys(BODY_TYPES).find((key) => key.replace(/-/g, '') === letters);
}

/** The words under the silhouette. */
export const PLACEHOLDER_TEXT = 'Photo coming soon';

/** Escapes text for an SVG (XML) text node or attribute value. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

// Side views facing right in a 600 x 400 picture, standing on y = 262.
const BODY_FILL = '#c4cbd4';
const GLASS_FILL = '#e3e8ee';
const WHEEL_FILL = '#8c96a3';

interface Silhouette {
  body: string;
  windows: string[];
  wheels: Array<[x: number, r: number]>;
}

const SILHOUETTES: Readonly<Record<Exclude<PlaceholderShape, 'motorcycle'>, Silhouette>> = {
  car: {
    body: 'M128 244V214Q130 198 150 194L204 186Q238 156 272 152H352Q382 154 408 182L452 192Q472 198 472 220V244Z',
    windows: ['M222 186Q246 164 272 162H302V186Z', 'M312 162H348Q370 164 390 186H312Z'],
    wheels: [
      [192, 24],
      [408, 24],
    ],
  },
  suv: {
    body: 'M126 244V200Q128 184 146 182L196 178L228 136Q234 128 246 128H384Q396 128 404 138L442 180L458 184Q474 190 474 208V244Z',
    windows: ['M238 174L258 144H306V174Z', 'M316 144H378L406 174H316Z'],
    wheels: [
      [194, 28],
      [406, 28],
    ],
  },
  ute: {
    body: 'M118 244V192H300V176L318 134Q322 126 334 126H392Q402 126 410 136L442 178L460 182Q476 188 476 206V244Z',
    windows: ['M324 170L336 140H388L412 170Z'],
    wheels: [
      [184, 27],
      [414, 27],
    ],
  },
  van: {
    body: 'M122 244V134Q122 118 138 118H394Q410 118 420 130L460 180Q476 188 476 206V244Z',
    windows: ['M334 130H390Q400 130 406 138L436 176H334Z', 'M150 132H316V172H150Z'],
    wheels: [
      [184, 26],
      [416, 26],
    ],
  },
};

function silhouetteSvg(shape: PlaceholderShape): string {
  if (shape === 'motorcycle') {
    const wheel = (x: number) =>
      `<circle cx="${x}" cy="218" r="38" fill="none" stroke="${WHEEL_FILL}" stroke-width="12"/>` +
      `<circle cx="${x}" cy="218" r="8" fill="${WHEEL_FILL}"/>`;
    return (
      `<path d="M200 218L262 164H336L400 218M262 164L248 144M336 164L370 132H394" fill="none" stroke="${BODY_FILL}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="M252 154Q262 134 300 134Q330 134 338 154Z" fill="${BODY_FILL}"/>` +
      wheel(200) +
      wheel(400)
    );
  }
  const { body, windows, wheels } = SILHOUETTES[shape];
  return (
    `<path d="${body}" fill="${BODY_FILL}"/>` +
    windows.map((d) => `<path d="${d}" fill="${GLASS_FILL}"/>`).join('') +
    wheels
      .map(
        ([x, r]) =>
          `<circle cx="${x}" cy="${262 - r}" r="${r + 6}" fill="#eef1f4"/>` +
          `<circle cx="${x}" cy="${262 - r}" r="${r}" fill="${WHEEL_FILL}"/>` +
          `<circle cx="${x}" cy="${262 - r}" r="${Math.round(r * 0.4)}" fill="${GLASS_FILL}"/>`,
      )
      .join('')
  );
}

/**
 * The placeholder picture (600 x 400, scales to any size) for a body type key from
 * placeholderBodyKey; an unknown or missing key draws a car and names no body type.
 */
export function placeholderSvg(bodyKey: string | null | undefined): string {
  const type = bodyKey && Object.hasOwn(BODY_TYPES, bodyKey) ? BODY_TYPES[bodyKey] : undefined;
  const label = type ? escapeXml(type.label) : undefined;
  const text = escapeXml(PLACEHOLDER_TEXT);
  const name = label ? `${label}: ${text}` : text;
  const font = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400" role="img" aria-label="${name}">` +
    `<title>${name}</title>` +
    `<rect width="600" height="400" fill="#eef1f4"/>` +
    silhouetteSvg(type?.shape ?? 'car') +
    `<rect x="150" y="262" width="300" height="4" rx="2" fill="#dde2e8"/>` +
    (label
      ? `<text x="300" y="318" text-anchor="middle" font-family="${font}" font-size="34" font-weight="700" fill="#46505b">${label}</text>` +
        `<text x="300" y="356" text-anchor="middle" font-family="${font}" font-size="22" fill="#5d6875">${text}</text>`
      : `<text x="300" y="330" text-anchor="middle" font-family="${font}" font-size="26" fill="#5d6875">${text}</text>`) +
    `</svg>`
  );
}
