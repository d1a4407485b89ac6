import sharp from 'sharp';

/**
 * Demo vehicle pictures drawn on this machine (no outside image host): a stylised vehicle of the
 * given body kind and paint colour, as a 1200x800 PNG that next/image resizes and re-encodes.
 */
export const VEHICLE_KINDS = [
  'suv',
  'ute',
  'hatch',
  'sedan',
  'wagon',
  'van',
  'coupe',
  'convertible',
  'cab-chassis',
  'people-mover',
  'motorcycle',
] as const;
export const VEHICLE_VIEWS = ['front', 'side', 'rear', 'interior', 'interior-360'] as const;
/** Frames of the demo 360° spin: 24 frames of 15°. */
export const SPIN_FRAMES = 24;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];
export type VehicleView = (typeof VEHICLE_VIEWS)[number] | `spin-${string}`;

const PAINT: Readonly<Record<string, string>> = {
  white: '#f2f2f0',
  'glacier-white': '#f4f5f2',
  'snowflake-white-pearl': '#eef0ee',
  silver: '#b8bcc2',
  grey: '#6d7278',
  'machine-grey': '#5c6066',
  'polymetal-grey': '#7a8088',
  black: '#1d1f22',
  'jet-black': '#121314',
  blue: '#1f4e9c',
  'deep-crystal-blue': '#1c3566',
  red: '#b3202a',
  'soul-red-crystal': '#9d1420',
  green: '#2f6b3a',
  orange: '#d66a1f',
  yellow: '#e2b323',
  brown: '#6b4a32',
  bronze: '#8a6236',
  gold: '#b8954a',
  beige: '#cbb89a',
  purple: '#5a3a7a',
  maroon: '#6a1f2a',
};

export function paintFor(colourSlug: string): string {
  if (PAINT[colourSlug]) return PAINT[colourSlug];
  // Model colours carry their own paint: hex-9d1420 is #9d1420 (conversion §3 Model colour hexCode).
  const hex = /^hex-([0-9a-f]{6})$/.exec(colourSlug);
  if (hex) return `#${hex[1]}`;
  const base = Object.keys(PAINT).find((name) => colourSlug.includes(name));
  return base ? (PAINT[base] as string) : '#8b9096';
}

const SIDE_BODY: Record<Exclude<VehicleKind, 'motorcycle'>, string> = {
  suv: 'M150 520 L170 400 Q190 360 260 350 L390 270 Q420 255 470 255 L800 255 Q850 258 880 290 L960 360 L1040 380 Q1060 390 1060 430 L1060 520 Z',
  ute: 'M140 520 L150 410 Q160 375 230 365 L360 280 Q385 268 430 268 L640 268 L650 370 L1060 370 L1060 520 Z',
  hatch:
    'M170 520 L180 420 Q195 380 270 370 L420 280 Q450 265 500 265 L760 265 Q810 270 850 320 L930 400 L1000 420 Q1020 430 1020 460 L1020 520 Z',
  sedan:
    'M130 520 L140 430 Q150 395 220 385 L380 300 Q420 282 480 282 L720 282 Q770 285 820 330 L900 390 L1040 405 Q1070 415 1070 450 L1070 520 Z',
  wagon:
    'M130 520 L140 430 Q150 395 220 385 L380 290 Q410 275 470 275 L930 275 Q960 280 980 320 L1040 395 Q1070 410 1070 450 L1070 520 Z',
  van: 'M120 520 L130 380 Q140 300 220 260 Q260 220 330 215 L1040 215 Q1075 220 1075 260 L1075 520 Z',
  coupe:
    'M150 520 L160 440 Q170 405 250 395 L430 310 Q480 290 540 290 L700 290 Q760 295 820 350 L1000 410 Q1040 420 1040 460 L1040 520 Z',
  convertible:
    'M150 520 L160 440 Q170 405 250 395 L470 380 L520 330 L540 330 L560 385 L1000 405 Q1040 420 1040 460 L1040 520 Z',
  'cab-chassis':
    'M140 520 L150 410 Q160 375 230 365 L360 280 Q385 268 430 268 L600 268 L610 400 L1070 400 L1070 450 L1040 450 L1040 520 Z',
  'people-mover':
    'M130 520 L140 400 Q150 340 230 300 L330 240 Q360 228 420 228 L990 228 Q1040 232 1055 290 L1070 400 L1070 520 Z',
};

const SIDE_WINDOWS: Partial<Record<VehicleKind, string>> = {
  suv: 'M405 285 L470 270 L620 270 L620 350 L340 350 Z M640 270 L800 270 Q840 272 865 300 L910 350 L640 350 Z',
  ute: 'M380 290 L430 282 L620 282 L620 360 L300 360 Z',
  hatch: 'M430 292 L500 280 L630 280 L630 365 L330 365 Z M650 280 L760 280 Q800 284 830 320 L880 365 L650 365 Z',
  sedan: 'M400 310 L480 296 L600 296 L600 375 L300 375 Z M620 296 L715 296 Q760 300 800 340 L840 375 L620 375 Z',
  wagon: 'M395 300 L470 290 L640 290 L640 375 L300 375 Z M660 290 L920 290 Q945 295 960 330 L990 375 L660 375 Z',
  van: 'M230 270 Q260 240 330 235 L400 235 L400 330 L170 330 Z',
  coupe: 'M450 320 L540 305 L690 305 Q740 310 780 350 L800 380 L380 385 Z',
  'cab-chassis': 'M380 290 L430 282 L580 282 L580 360 L300 360 Z',
  'people-mover':
    'M340 255 L420 243 L600 243 L600 330 L250 330 Z M620 243 L820 243 L820 330 L620 330 Z M840 243 L1000 243 Q1030 248 1035 290 L1040 330 L840 330 Z',
};

const WHEELS: Record<VehicleKind, [number, number, number]> = {
  suv: [300, 900, 78],
  ute: [290, 920, 76],
  hatch: [310, 870, 70],
  sedan: [290, 910, 70],
  wagon: [290, 910, 70],
  van: [280, 920, 72],
  coupe: [300, 880, 70],
  convertible: [300, 880, 70],
  'cab-chassis': [290, 930, 76],
  'people-mover': [290, 920, 72],
  motorcycle: [420, 800, 80],
};

function wheel(cx: number, r: number): string {
  return `<circle cx="${cx}" cy="520" r="${r}" fill="#1a1a1a"/><circle cx="${cx}" cy="520" r="${r * 0.55}" fill="#9aa0a6"/><circle cx="${cx}" cy="520" r="${r * 0.18}" fill="#3a3d40"/>`;
}

function motorcycleSide(paint: string): string {
  const [rear, front, r] = WHEELS.motorcycle;
  return (
    `<ellipse cx="610" cy="600" rx="330" ry="26" fill="#000" opacity="0.18"/>${wheel(rear, r)}${wheel(front, r)}` +
    `<path d="M${rear} 520 L575 455" stroke="#2a2c2f" stroke-width="16" stroke-linecap="round"/>` +
    `<path d="M${front} 520 L745 330" stroke="#8a9096" stroke-width="14" stroke-linecap="round"/>` +
    `<rect x="520" y="410" width="150" height="80" rx="14" fill="#3a3d42"/><path d="M540 490 Q520 540 440 545" stroke="#9aa0a6" stroke-width="12" fill="none" stroke-linecap="round"/>` +
    `<path d="M470 395 L560 370 Q600 330 660 330 L730 335 Q755 345 740 380 L690 420 L520 425 Z" fill="${paint}" stroke="#000" stroke-opacity="0.35" stroke-width="4"/>` +
    `<path d="M420 385 L560 372 L555 392 L430 402 Z" fill="#1d1f22"/><path d="M735 330 L700 300 M735 330 L775 305" stroke="#1d1f22" stroke-width="10" stroke-linecap="round"/>` +
    `<circle cx="765" cy="360" r="16" fill="#fff7d6" stroke="#1d1f22" stroke-width="4"/>`
  );
}

function sideView(kind: VehicleKind, paint: string): string {
  if (kind === 'motorcycle') return motorcycleSide(paint);
  const [front, rear, r] = WHEELS[kind];
  const windows = SIDE_WINDOWS[kind] ? `<path d="${SIDE_WINDOWS[kind]}" fill="#2b3a48" opacity="0.85"/>` : '';
  const line = `<path d="M180 450 L1040 450" stroke="#000" stroke-opacity="0.18" stroke-width="4"/>`;
  return `<ellipse cx="600" cy="600" rx="520" ry="34" fill="#000" opacity="0.18"/><path d="${SIDE_BODY[kind]}" fill="${paint}" stroke="#000" stroke-opacity="0.35" stroke-width="4"/>${windows}${line}${wheel(front, r)}${wheel(rear, r)}`;
}

function endView(kind: VehicleKind, paint: string, view: 'front' | 'rear'): string {
  if (kind === 'motorcycle') {
    return `<ellipse cx="600" cy="640" rx="200" ry="26" fill="#000" opacity="0.18"/><rect x="570" y="420" width="60" height="220" rx="26" fill="#1a1a1a"/><path d="M470 330 L730 330 L690 430 L510 430 Z" fill="${paint}" stroke="#000" stroke-opacity="0.35" stroke-width="4"/><circle cx="600" cy="370" r="${view === 'front' ? 34 : 22}" fill="${view === 'front' ? '#fff7d6' : '#c0262d'}"/>`;
  }
  const tall = kind === 'van' || kind === 'people-mover' || kind === 'suv' ? 60 : 0;
  const lamp = view === 'front' ? '#fff7d6' : '#c0262d';
  return `<ellipse cx="600" cy="640" rx="420" ry="30" fill="#000" opacity="0.18"/><rect x="250" y="560" width="90" height="90" rx="16" fill="#1a1a1a"/><rect x="860" y="560" width="90" height="90" rx="16" fill="#1a1a1a"/><path d="M230 600 L240 430 Q250 380 320 370 L380 ${250 - tall} Q400 ${230 - tall} 460 ${230 - tall} L740 ${230 - tall} Q800 ${230 - tall} 820 ${250 - tall} L880 370 Q950 380 960 430 L970 600 Z" fill="${paint}" stroke="#000" stroke-opacity="0.35" stroke-width="4"/><path d="M400 ${265 - tall} L800 ${265 - tall} L850 370 L350 370 Z" fill="#2b3a48" opacity="0.85"/><rect x="270" y="430" width="150" height="40" rx="14" fill="${lamp}"/><rect x="780" y="430" width="150" height="40" rx="14" fill="${lamp}"/><rect x="470" y="${view === 'front' ? 470 : 500}" width="260" height="${view === 'front' ? 70 : 40}" rx="10" fill="#2a2c2f"/>`;
}

function interiorView(paint: string): string {
  return `<rect x="0" y="430" width="1200" height="370" fill="#2a2c30"/><path d="M0 430 Q600 330 1200 430 L1200 520 L0 520 Z" fill="#3a3d42"/><circle cx="380" cy="560" r="150" fill="none" stroke="#151618" stroke-width="34"/><circle cx="380" cy="560" r="40" fill="${paint}"/><rect x="560" y="400" width="300" height="170" rx="14" fill="#0f1a24"/><rect x="580" y="420" width="260" height="130" rx="8" fill="#23415c"/><rect x="900" y="470" width="200" height="30" rx="15" fill="${paint}" opacity="0.8"/>`;
}

/**
 * The interior panorama for the interior spin: a 3600x800 strip that wraps at its ends, so
 * turning past the last column shows the first again (dashboard ahead, seats behind).
 */
function interiorPanorama(paint: string): string {
  const seat = (x: number) =>
    `<rect x="${x}" y="380" width="260" height="300" rx="40" fill="#26282c"/><rect x="${x + 30}" y="300" width="200" height="120" rx="30" fill="#303338"/><rect x="${x + 60}" y="420" width="140" height="12" rx="6" fill="${paint}" opacity="0.7"/>`;
  return (
    `<rect width="3600" height="800" fill="#1d1f23"/><rect y="0" width="3600" height="230" fill="#3b3f46"/>` +
    // Windscreen and dashboard ahead (0-1200)
    `<path d="M80 60 L1120 60 L1040 330 L160 330 Z" fill="#8fb3cf" opacity="0.55"/><path d="M0 430 Q600 300 1200 430 L1200 560 L0 560 Z" fill="#3a3d42"/><circle cx="420" cy="600" r="150" fill="none" stroke="#151618" stroke-width="34"/><circle cx="420" cy="600" r="40" fill="${paint}"/><rect x="620" y="420" width="300" height="170" rx="14" fill="#0f1a24"/><rect x="640" y="440" width="260" height="130" rx="8" fill="#23415c"/>` +
    // Side windows and doors (1200-1800, 3000-3600)
    `<path d="M1260 90 L1760 90 L1740 330 L1280 330 Z" fill="#8fb3cf" opacity="0.5"/><rect x="1230" y="380" width="540" height="300" rx="20" fill="#2e3136"/><rect x="1300" y="470" width="200" height="14" rx="7" fill="${paint}" opacity="0.8"/>` +
    `<path d="M3060 90 L3560 90 L3540 330 L3080 330 Z" fill="#8fb3cf" opacity="0.5"/><rect x="3030" y="380" width="540" height="300" rx="20" fill="#2e3136"/><rect x="3300" y="470" width="200" height="14" rx="7" fill="${paint}" opacity="0.8"/>` +
    // Rear seats and rear window behind (1800-3000)
    `<path d="M1960 90 L2840 90 L2780 300 L2020 300 Z" fill="#8fb3cf" opacity="0.45"/>${seat(1950)}${seat(2270)}${seat(2590)}`
  );
}

/**
 * One frame of the demo spin: the side view narrows with the cosine of the angle while the front
 * (or rear) widens with its sine; the nearer face is drawn last. A sketch of turning, not 3D.
 */
function spinView(kind: VehicleKind, paint: string, frame: number): string {
  const angle = (frame * 2 * Math.PI) / SPIN_FRAMES;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const end =
    Math.abs(s) > 0.05
      ? `<g transform="translate(${(600 + c * 330).toFixed(1)} 0) scale(${Math.abs(s).toFixed(3)} 1) translate(-600 0)">${endView(kind, paint, s > 0 ? 'front' : 'rear')}</g>`
      : '';
  const side =
    Math.abs(c) > 0.05
      ? `<g transform="translate(600 0) scale(${c.toFixed(3)} 1) translate(-600 0)">${sideView(kind, paint)}</g>`
      : '';
  return Math.abs(s) > Math.abs(c) ? side + end : end + side;
}

const spinFrame = (view: string) => {
  const match = /^spin-(\d{2})$/.exec(view);
  const frame = match ? Number(match[1]) : NaN;
  return frame < SPIN_FRAMES ? frame : undefined;
};

export function vehicleSvg(kind: VehicleKind, colourSlug: string, view: VehicleView): string {
  const paint = paintFor(colourSlug);
  const frame = spinFrame(view);
  if (view === 'interior-360')
    return `<svg xmlns="http://www.w3.org/2000/svg" width="3600" height="800" viewBox="0 0 3600 800">${interiorPanorama(paint)}</svg>`;
  const scene =
    frame !== undefined
      ? spinView(kind, paint, frame)
      : view === 'interior'
        ? interiorView(paint)
        : view === 'side'
          ? sideView(kind, paint)
          : view === 'front' || view === 'rear'
            ? endView(kind, paint, view)
            : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9edf1"/><stop offset="0.72" stop-color="#cfd6dd"/><stop offset="0.72" stop-color="#b9c1c9"/><stop offset="1" stop-color="#a9b2bb"/></linearGradient></defs><rect width="1200" height="800" fill="url(#bg)"/>${scene}</svg>`;
}

export function isVehicleKind(value: string): value is VehicleKind {
  return (VEHICLE_KINDS as readonly string[]).includes(value);
}

export function isVehicleView(value: string): value is VehicleView {
  return (VEHICLE_VIEWS as readonly string[]).includes(value) || spinFrame(value) !== undefined;
}

const rendered = new Map<string, Promise<Buffer>>();
const MAX_CACHED = 400;

/** The PNG for one picture; recent pictures are kept in memory. */
export function vehiclePng(kind: VehicleKind, colourSlug: string, view: VehicleView): Promise<Buffer> {
  const key = `${kind}/${colourSlug}/${view}`;
  let png = rendered.get(key);
  if (!png) {
    png = sharp(Buffer.from(vehicleSvg(kind, colourSlug, view)))
      .png({ compressionLevel: 6 })
      .toBuffer();
    if (rendered.size >= MAX_CACHED) rendered.delete(rendered.keys().next().value as string);
    rendered.set(key, png);
  }
  return png;
}

type Anchor = { frame: number; x: number; y: number };
export interface DemoHotspot {
  id: string;
  description: string;
  positions: [Anchor, ...Anchor[]];
}

function hotspot(id: string, description: string, positions: Anchor[]): DemoHotspot[] {
  const [first, ...rest] = positions;
  return first ? [{ id, description, positions: [first, ...rest] }] : [];
}

const pct = (value: number, of: number) => Math.round((value / of) * 1000) / 10;

/**
 * Hotspots that follow the drawn car as it turns: where the front wheel and a headlight are in
 * each spin frame (the same geometry spinView draws), and the touchscreen in the interior panorama.
 */
export function demoHotspots(kind: VehicleKind): { exterior: DemoHotspot[]; interior: DemoHotspot[] } {
  const wheel: Anchor[] = [];
  const lamp: Anchor[] = [];
  const [frontWheel] = WHEELS[kind];
  for (let frame = 0; frame < SPIN_FRAMES; frame++) {
    const angle = (frame * 2 * Math.PI) / SPIN_FRAMES;
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    if (Math.abs(c) > 0.4) wheel.push({ frame, x: pct(600 + (frontWheel - 600) * c, 1200), y: pct(520, 800) });
    if (s > 0.4 && kind !== 'motorcycle')
      lamp.push({ frame, x: pct(600 + c * 330 + (345 - 600) * s, 1200), y: pct(450, 800) });
  }
  const screen: Anchor[] = [];
  for (let frame = 0; frame < SPIN_FRAMES; frame++) {
    // The interior view shows 1200 of the panorama's 3600 columns, starting at frame x 150.
    const x = (((770 - frame * 150) % 3600) + 3600) % 3600;
    if (x > 60 && x < 1140) screen.push({ frame, x: pct(x, 1200), y: pct(505, 800) });
  }
  return {
    exterior: [
      ...hotspot('wheels', 'Alloy wheels with a full-size spare', wheel),
      ...hotspot('headlights', 'LED headlights with automatic high beam', lamp),
    ],
    interior: hotspot('touchscreen', 'Touchscreen with wireless Apple CarPlay and Android Auto', screen),
  };
}
