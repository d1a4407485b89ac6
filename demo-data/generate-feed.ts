/**
 * Deterministic demo stock feed: the same seed and `now` give byte-identical output, and every
 * date is relative to `now`. Validates against schemas/feed.schema.json.
 */
import type {
  DemoFeed,
  DemoImage,
  FeedCar,
  FeedCarImage,
  FeedCarVariant,
  FeedDealership,
  FeedLocation,
  FeedOpeningHour,
  FeedReview,
  FeedSpecialHours,
  FeedStateCode,
  ImageView,
} from './feed-types.js';
import { demoHotspots, isVehicleKind } from '../services/media/vehicle-image';
import { walkaroundVideoUrl } from './walkaround-videos';

export type { DemoFeed, DemoImage } from './feed-types.js';

export interface GenerateOptions {
  seed?: number;
  now?: Date;
}

export const DEFAULT_SEED = 20240917;

const DAY = 86_400_000;

export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  float(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.next() * items.length));
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return at(entries, entries.length - 1)[0];
  }
  chars(n: number, alphabet: string): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet.charAt(Math.floor(this.next() * alphabet.length));
    return s;
  }
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} outside 0..${items.length - 1}`);
  return item;
}

export const slugify = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const ymd = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const isoSeconds = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString();
const utc = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d);
const thousands = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const roundPrice = (v: number): number => (v < 1000 ? Math.round(v) : Math.max(990, Math.round(v / 1000) * 1000 - 10));

// ---------------------------------------------------------------------------------------------
// Dealerships and locations

type Mix = readonly [newShare: number, demoShare: number, usedShare: number];

interface DealerDef {
  id: number;
  slug: string;
  name: string;
  make?: string;
  state: FeedStateCode;
  code: string;
  count: number;
  mix: Mix;
  newMakes: readonly string[];
  motorcycles?: boolean;
}

const BIKE_MAKES = ['Yamaha', 'Honda', 'Kawasaki', 'Suzuki', 'Harley-Davidson', 'Triumph', 'BMW', 'KTM'] as const;

const DEALERS: readonly DealerDef[] = [
  {
    id: 1,
    slug: 'harbour-city-mazda',
    name: 'Harbour City Mazda',
    make: 'Mazda',
    state: 'NSW',
    code: 'HCM',
    count: 450,
    mix: [0.58, 0.16, 0.26],
    newMakes: ['Mazda'],
  },
  {
    id: 2,
    slug: 'southern-cross-parramatta',
    name: 'Southern Cross Motors Parramatta',
    state: 'NSW',
    code: 'SCP',
    count: 520,
    mix: [0.03, 0.04, 0.93],
    newMakes: ['MG', 'GWM'],
  },
  {
    id: 3,
    slug: 'southern-cross-brisbane',
    name: 'Southern Cross Motors Brisbane',
    state: 'QLD',
    code: 'SCB',
    count: 505,
    mix: [0.03, 0.04, 0.93],
    newMakes: ['BYD', 'LDV'],
  },
  {
    id: 4,
    slug: 'southern-cross-melbourne',
    name: 'Southern Cross Motors Melbourne',
    state: 'VIC',
    code: 'SCM',
    count: 490,
    mix: [0.03, 0.04, 0.93],
    newMakes: ['MG', 'LDV'],
  },
  {
    id: 5,
    slug: 'southern-cross-adelaide',
    name: 'Southern Cross Motors Adelaide',
    state: 'SA',
    code: 'SCA',
    count: 480,
    mix: [0.03, 0.04, 0.93],
    newMakes: ['GWM', 'BYD'],
  },
  {
    id: 6,
    slug: 'southern-cross-perth',
    name: 'Southern Cross Motors Perth',
    state: 'WA',
    code: 'SCW',
    count: 510,
    mix: [0.03, 0.04, 0.93],
    newMakes: ['MG'],
  },
  {
    id: 7,
    slug: 'ridgeline-motorcycles',
    name: 'Ridgeline Motorcycles',
    state: 'QLD',
    code: 'RGM',
    count: 250,
    mix: [0.5, 0.1, 0.4],
    newMakes: BIKE_MAKES,
    motorcycles: true,
  },
  {
    id: 8,
    slug: 'tasman-isuzu-ute',
    name: 'Tasman Isuzu UTE',
    make: 'Isuzu',
    state: 'TAS',
    code: 'TIU',
    count: 200,
    mix: [0.5, 0.15, 0.35],
    newMakes: ['Isuzu'],
  },
  {
    id: 9,
    slug: 'sunset-coast-hyundai',
    name: 'Sunset Coast Hyundai',
    make: 'Hyundai',
    state: 'WA',
    code: 'SSH',
    count: 250,
    mix: [0.5, 0.15, 0.35],
    newMakes: ['Hyundai'],
  },
];

const TIME_ZONES: Partial<Record<FeedStateCode, string>> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  WA: 'Australia/Perth',
  TAS: 'Australia/Hobart',
  NT: 'Australia/Darwin',
};

type LocationType = NonNullable<FeedLocation['location_type']>;
type Span = readonly [open: string, close: string];
type Sunday = 'Closed' | 'By appointment only';

interface LocationDef {
  id: number;
  dealer: number;
  name: string;
  slug: string;
  type: LocationType;
  street: string;
  city: string;
  postcode: string;
  lat: number;
  long: number;
  phone: string;
  landline?: string;
  primary?: boolean;
  hidden?: boolean;
  subtype?: string;
  friday?: Span;
  sunday?: Sunday;
}

const LOCATIONS: readonly LocationDef[] = [
  {
    id: 101,
    dealer: 1,
    name: 'Harbour City Mazda',
    slug: 'harbour-city-mazda-sales',
    type: 'sales',
    primary: true,
    street: '120 Botany Road',
    city: 'Alexandria',
    postcode: '2015',
    lat: -33.9041,
    long: 151.1989,
    phone: '1300 762 992',
    landline: '(02) 9310 4500',
    sunday: 'By appointment only',
  },
  {
    id: 102,
    dealer: 1,
    name: 'Harbour City Mazda Service',
    slug: 'harbour-city-mazda-service',
    type: 'service',
    street: '124 Botany Road',
    city: 'Alexandria',
    postcode: '2015',
    lat: -33.9046,
    long: 151.1991,
    phone: '(02) 9310 4520',
  },
  {
    id: 103,
    dealer: 1,
    name: 'Harbour City Mazda Parts',
    slug: 'harbour-city-mazda-parts',
    type: 'parts',
    street: '126 Botany Road',
    city: 'Alexandria',
    postcode: '2015',
    lat: -33.9049,
    long: 151.1992,
    phone: '(02) 9310 4540',
  },
  {
    id: 104,
    dealer: 2,
    name: 'Southern Cross Motors Parramatta',
    slug: 'southern-cross-parramatta-sales',
    type: '',
    primary: true,
    street: '310 Church Street',
    city: 'Parramatta',
    postcode: '2150',
    lat: -33.8048,
    long: 151.0035,
    phone: '(02) 9630 1234',
    friday: ['08:30', '19:00'],
  },
  {
    id: 105,
    dealer: 2,
    name: 'Southern Cross Motors Parramatta Service',
    slug: 'southern-cross-parramatta-service',
    type: 'service',
    street: '71 Station Street East',
    city: 'Harris Park',
    postcode: '2150',
    lat: -33.8197,
    long: 151.0109,
    phone: '(02) 9630 1260',
  },
  {
    id: 106,
    dealer: 2,
    name: 'Southern Cross Motors Parramatta Parts',
    slug: 'southern-cross-parramatta-parts',
    type: 'parts',
    street: '73 Station Street East',
    city: 'Harris Park',
    postcode: '2150',
    lat: -33.8199,
    long: 151.0112,
    phone: '(02) 9630 1275',
  },
  {
    id: 107,
    dealer: 3,
    name: 'Southern Cross Motors Brisbane',
    slug: 'southern-cross-brisbane-used',
    type: 'used',
    primary: true,
    street: '2950 Logan Road',
    city: 'Underwood',
    postcode: '4119',
    lat: -27.6089,
    long: 153.1105,
    phone: '(07) 3341 2200',
  },
  {
    id: 108,
    dealer: 3,
    name: 'Southern Cross Motors Brisbane Service & Parts',
    slug: 'southern-cross-brisbane-service-parts',
    type: 'service-and-parts',
    street: '24 Compton Road',
    city: 'Underwood',
    postcode: '4119',
    lat: -27.6053,
    long: 153.1057,
    phone: '(07) 3341 2255',
  },
  {
    id: 109,
    dealer: 3,
    name: 'Southern Cross Motors Kedron',
    slug: 'southern-cross-kedron',
    type: 'used',
    subtype: 'buying',
    street: '620 Gympie Road',
    city: 'Kedron',
    postcode: '4031',
    lat: -27.402,
    long: 153.0295,
    phone: '(07) 3350 8800',
    sunday: 'By appointment only',
  },
  {
    id: 110,
    dealer: 4,
    name: 'Southern Cross Motors Melbourne',
    slug: 'southern-cross-melbourne-used',
    type: 'used',
    primary: true,
    street: '1000 Nepean Highway',
    city: 'Moorabbin',
    postcode: '3189',
    lat: -37.9354,
    long: 145.0382,
    phone: '(03) 9553 4100',
  },
  {
    id: 111,
    dealer: 4,
    name: 'Southern Cross Motors Melbourne Service',
    slug: 'southern-cross-melbourne-service',
    type: 'service',
    street: '15 Chesterville Road',
    city: 'Moorabbin',
    postcode: '3189',
    lat: -37.9382,
    long: 145.0587,
    phone: '(03) 9553 4150',
  },
  {
    id: 112,
    dealer: 4,
    name: 'Southern Cross Motors Footscray',
    slug: 'southern-cross-footscray',
    type: '',
    subtype: 'buying',
    street: '250 Ballarat Road',
    city: 'Footscray',
    postcode: '3011',
    lat: -37.7905,
    long: 144.886,
    phone: '(03) 9689 7700',
  },
  {
    id: 113,
    dealer: 5,
    name: 'Southern Cross Motors Adelaide',
    slug: 'southern-cross-adelaide-sales',
    type: '',
    primary: true,
    street: '210 Main North Road',
    city: 'Prospect',
    postcode: '5082',
    lat: -34.881,
    long: 138.599,
    phone: '(08) 8269 3300',
  },
  {
    id: 114,
    dealer: 5,
    name: 'Southern Cross Motors Adelaide Service',
    slug: 'southern-cross-adelaide-service',
    type: 'service',
    street: '35 Churchill Road',
    city: 'Prospect',
    postcode: '5082',
    lat: -34.8845,
    long: 138.5886,
    phone: '(08) 8269 3350',
  },
  {
    id: 115,
    dealer: 6,
    name: 'Southern Cross Motors Perth',
    slug: 'southern-cross-perth-used',
    type: 'used',
    primary: true,
    street: '1200 Albany Highway',
    city: 'Bentley',
    postcode: '6102',
    lat: -32.001,
    long: 115.924,
    phone: '(08) 9258 6600',
  },
  {
    id: 116,
    dealer: 6,
    name: 'Southern Cross Motors Perth Service',
    slug: 'southern-cross-perth-service',
    type: 'service',
    street: '14 Sevenoaks Street',
    city: 'Cannington',
    postcode: '6107',
    lat: -32.0167,
    long: 115.9362,
    phone: '(08) 9258 6650',
  },
  {
    id: 117,
    dealer: 7,
    name: 'Ridgeline Motorcycles',
    slug: 'ridgeline-motorcycles-sales',
    type: 'sales',
    primary: true,
    street: '85 Ferry Road',
    city: 'Southport',
    postcode: '4215',
    lat: -27.9745,
    long: 153.4035,
    phone: '(07) 5531 4400',
    sunday: 'By appointment only',
  },
  {
    id: 118,
    dealer: 7,
    name: 'Ridgeline Motorcycles Workshop',
    slug: 'ridgeline-motorcycles-workshop',
    type: 'service',
    street: '87 Ferry Road',
    city: 'Southport',
    postcode: '4215',
    lat: -27.9748,
    long: 153.4037,
    phone: '(07) 5531 4420',
  },
  {
    id: 119,
    dealer: 7,
    name: 'Ridgeline Motorcycles Parts & Apparel',
    slug: 'ridgeline-motorcycles-parts',
    type: 'parts',
    hidden: true,
    street: '89 Ferry Road',
    city: 'Southport',
    postcode: '4215',
    lat: -27.9751,
    long: 153.4039,
    phone: '(07) 5531 4430',
  },
  {
    id: 120,
    dealer: 8,
    name: 'Tasman Isuzu UTE',
    slug: 'tasman-isuzu-ute-sales',
    type: 'sales',
    primary: true,
    street: '240 Brooker Highway',
    city: 'Glenorchy',
    postcode: '7010',
    lat: -42.833,
    long: 147.279,
    phone: '(03) 6272 5500',
  },
  {
    id: 121,
    dealer: 8,
    name: 'Tasman Isuzu UTE Service',
    slug: 'tasman-isuzu-ute-service',
    type: 'service',
    street: '12 Derwent Park Road',
    city: 'Derwent Park',
    postcode: '7009',
    lat: -42.835,
    long: 147.291,
    phone: '(03) 6272 5530',
  },
  {
    id: 122,
    dealer: 9,
    name: 'Sunset Coast Hyundai',
    slug: 'sunset-coast-hyundai-sales',
    type: 'sales',
    primary: true,
    street: '55 Winton Road',
    city: 'Joondalup',
    postcode: '6027',
    lat: -31.739,
    long: 115.776,
    phone: '(08) 9301 2200',
    sunday: 'By appointment only',
  },
  {
    id: 123,
    dealer: 9,
    name: 'Sunset Coast Hyundai Used Cars',
    slug: 'sunset-coast-hyundai-used',
    type: 'used',
    street: '1540 Wanneroo Road',
    city: 'Wanneroo',
    postcode: '6065',
    lat: -31.753,
    long: 115.803,
    phone: '(08) 9301 2250',
  },
  {
    id: 124,
    dealer: 9,
    name: 'Sunset Coast Hyundai Service',
    slug: 'sunset-coast-hyundai-service',
    type: 'service',
    street: '8 Prindiville Drive',
    city: 'Wangara',
    postcode: '6065',
    lat: -31.786,
    long: 115.828,
    phone: '(08) 9301 2280',
  },
];

const SELLING: ReadonlySet<LocationType> = new Set<LocationType>(['', 'sales', 'used']);

interface HoursProfile {
  week: Span;
  sat: Span | null;
}

const HOURS: Record<LocationType, HoursProfile> = {
  '': { week: ['08:30', '17:30'], sat: ['08:30', '16:00'] },
  sales: { week: ['08:30', '17:30'], sat: ['08:30', '16:00'] },
  used: { week: ['09:00', '17:30'], sat: ['09:00', '16:00'] },
  service: { week: ['07:30', '17:30'], sat: ['08:00', '12:00'] },
  parts: { week: ['08:00', '17:00'], sat: ['08:00', '12:00'] },
  'service-and-parts': { week: ['07:30', '17:00'], sat: ['08:00', '12:00'] },
};

function clock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

function openingHours(def: LocationDef): FeedOpeningHour[] {
  const profile = HOURS[def.type];
  const open = (weekday: number, [from, to]: Span): FeedOpeningHour => ({
    weekday,
    status: 'Open',
    formated_hours: `${clock(from)} - ${clock(to)}`,
    open: from,
    close: to,
  });
  const sunday = def.sunday ?? 'Closed';
  return [
    { weekday: 0, status: sunday, formated_hours: sunday },
    open(1, profile.week),
    open(2, profile.week),
    open(3, profile.week),
    open(4, profile.week),
    open(5, def.friday ?? profile.week),
    profile.sat ? open(6, profile.sat) : { weekday: 6, status: 'Closed', formated_hours: 'Closed' },
  ];
}

type HolidayKind = 'closed' | 'reduced' | 'anzac' | 'early';

function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = new Date(utc(year, month, 1)).getUTCDay();
    return utc(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const last = new Date(utc(year, month + 1, 0));
  return last.getTime() - ((last.getUTCDay() - weekday + 7) % 7) * DAY;
}

function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return utc(year, month, ((h + l - 7 * m + 114) % 31) + 1);
}

function publicHolidays(year: number, state: FeedStateCode): Array<{ date: number; name: string; kind: HolidayKind }> {
  const easter = easterSunday(year);
  const mon = (month: number, n: number): number => nthWeekday(year, month, 1, n);
  const statewide: Partial<Record<FeedStateCode, Array<[string, number]>>> = {
    NSW: [
      ["King's Birthday", mon(6, 2)],
      ['Labour Day', mon(10, 1)],
    ],
    VIC: [
      ['Labour Day', mon(3, 2)],
      ["King's Birthday", mon(6, 2)],
      ['Melbourne Cup Day', nthWeekday(year, 11, 2, 1)],
    ],
    QLD: [
      ['Labour Day', mon(5, 1)],
      ["King's Birthday", mon(10, 1)],
    ],
    SA: [
      ['Adelaide Cup Day', mon(3, 2)],
      ["King's Birthday", mon(6, 2)],
      ['Labour Day', mon(10, 1)],
    ],
    WA: [
      ['Labour Day', mon(3, 1)],
      ['WA Day', mon(6, 1)],
      ["King's Birthday", mon(9, -1)],
    ],
    TAS: [
      ['Royal Hobart Regatta', mon(2, 2)],
      ['Eight Hours Day', mon(3, 2)],
      ["King's Birthday", mon(6, 2)],
    ],
  };
  return [
    { date: utc(year, 1, 1), name: "New Year's Day", kind: 'closed' as const },
    { date: utc(year, 1, 26), name: 'Australia Day', kind: 'reduced' as const },
    { date: easter - 2 * DAY, name: 'Good Friday', kind: 'closed' as const },
    { date: easter + DAY, name: 'Easter Monday', kind: 'reduced' as const },
    { date: utc(year, 4, 25), name: 'Anzac Day', kind: 'anzac' as const },
    { date: utc(year, 12, 24), name: 'Christmas Eve', kind: 'early' as const },
    { date: utc(year, 12, 25), name: 'Christmas Day', kind: 'closed' as const },
    { date: utc(year, 12, 26), name: 'Boxing Day', kind: 'reduced' as const },
    { date: utc(year, 12, 31), name: "New Year's Eve", kind: 'early' as const },
    ...(statewide[state] ?? []).map(([name, date]) => ({ date, name, kind: 'reduced' as const })),
  ];
}

function specialHours(def: LocationDef, state: FeedStateCode, now: Date): FeedSpecialHours[] {
  const today = utc(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
  const selling = SELLING.has(def.type);
  const year = now.getUTCFullYear();
  return [...publicHolidays(year, state), ...publicHolidays(year + 1, state)]
    .filter((h) => h.date >= today && h.date < today + 365 * DAY)
    .sort((a, b) => a.date - b.date)
    .flatMap((h): FeedSpecialHours[] => {
      const base = { date: ymd(h.date), name: h.name };
      const weekday = new Date(h.date).getUTCDay();
      if (h.kind === 'closed') return [{ ...base, status: 'Closed' }];
      if (h.kind === 'early') {
        if (weekday === 0 || weekday === 6) return [];
        return [
          { ...base, status: 'Open', start_hour: HOURS[def.type].week[0], end_hour: selling ? '14:00' : '12:00' },
        ];
      }
      if (!selling) return [{ ...base, status: 'Closed' }];
      return h.kind === 'anzac'
        ? [{ ...base, status: 'Open', start_hour: '13:00', end_hour: '17:00' }]
        : [{ ...base, status: 'Open', start_hour: '10:00', end_hour: '16:00' }];
    });
}

const REVIEWERS = [
  'Sarah M.',
  'James T.',
  'Priya K.',
  'Liam O.',
  'Chloe W.',
  'Mohammed A.',
  'Jess B.',
  'Tom H.',
  'Mei L.',
  'Daniel R.',
  'Aroha P.',
  'Nick S.',
  'Emma C.',
  'Raj P.',
  'Grace N.',
  'Ben D.',
  'Hannah F.',
  'Luca G.',
];

const REVIEW_TEXTS: Record<number, readonly string[]> = {
  5: [
    'Could not fault the team. Buying the car was painless and it was detailed beautifully for pick-up.',
    'Great experience from start to finish. No pressure, a fair trade-in offer and the car was ready on time.',
    'Service was booked in quickly, done on the day and the final bill matched the quote. Will be back.',
    'Drove two hours to buy from these guys and it was worth it. Honest, friendly and quick with the paperwork.',
  ],
  4: [
    'Good range of stock and a helpful salesperson. The paperwork took a little longer than expected.',
    'Friendly service team and a loan car was available. Would have liked a call when it was ready.',
    'Happy with the price and the car. Handover was thorough, only waited a bit on the day.',
  ],
  3: ['The car is fine but communication could be better; I had to chase for updates twice.'],
  2: [
    'Waited over an hour past the booked pick-up time. The car itself is great but the handover was disorganised.',
    'The trade-in valuation changed on the day, which was disappointing.',
  ],
};

function reviews(rng: Rng, firstId: number, now: Date): FeedReview[] {
  const names = [...REVIEWERS];
  return Array.from({ length: rng.int(3, 7) }, (_, i): FeedReview => {
    const rating = rng.weighted<number>([
      [5, 50],
      [4, 25],
      [3, 10],
      [2, 15],
    ]);
    const written = now.getTime() - rng.int(3, 400) * DAY;
    const name = at(names.splice(rng.int(0, names.length - 1), 1), 0);
    const first = name.split(' ')[0] ?? name;
    const review: FeedReview = {
      id: firstId + i,
      customer_name: name,
      text: rng.pick(REVIEW_TEXTS[rating] ?? []),
      rating,
      review_date: ymd(written),
    };
    if (rating <= 3 || rng.chance(0.4)) {
      review.reply_text =
        rating >= 4
          ? `Thanks ${first}, we're thrilled you had a great experience. Enjoy the new wheels!`
          : `Hi ${first}, we're sorry to hear this. Our customer relations manager will call you to make it right.`;
      review.reply_date = ymd(Math.min(now.getTime(), written + rng.int(1, 6) * DAY));
    }
    return review;
  });
}

function licence(rng: Rng, state: FeedStateCode): string {
  const digits = (n: number): string => rng.chars(n, '0123456789');
  switch (state) {
    case 'NSW':
      return `MD0${digits(5)}`;
    case 'VIC':
      return `LMCT ${digits(5)}`;
    case 'QLD':
      return `${rng.int(1, 9)}${digits(6)}`;
    case 'SA':
      return `MVD${digits(6)}`;
    case 'WA':
      return `MD ${digits(5)}`;
    default:
      return `${rng.int(1, 9)}${digits(4)}`;
  }
}

function repairerLicence(rng: Rng, state: FeedStateCode): string | undefined {
  if (state === 'NSW') return `MVRL${rng.chars(5, '0123456789')}`;
  if (state === 'WA') return `MRB ${rng.int(1000, 9999)}`;
  return undefined;
}

function dealerOf(id: number): DealerDef {
  const dealer = DEALERS.find((d) => d.id === id);
  if (!dealer) throw new Error(`unknown dealership ${id}`);
  return dealer;
}

function buildDealerships(): FeedDealership[] {
  return DEALERS.map((d) => ({
    id: d.id,
    slug: d.slug,
    name: d.name,
    ...(d.make ? { make: d.make } : {}),
    url: `https://${d.slug}.example.com`,
    state: d.state,
  }));
}

function buildLocations(rng: Rng, now: Date): FeedLocation[] {
  let reviewId = 9001;
  return LOCATIONS.map((def): FeedLocation => {
    const dealer = dealerOf(def.dealer);
    const tz = TIME_ZONES[dealer.state] ?? 'Australia/Sydney';
    const placeId = `ChIJ${rng.chars(23, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-')}`;
    const selling = SELLING.has(def.type);
    const loc: FeedLocation = {
      id: def.id,
      name: def.name,
      slug: def.slug,
      visible: !def.hidden,
      primary: def.primary === true,
      location_type: def.type,
      ...(def.subtype ? { location_subtype: def.subtype } : {}),
      manufacturers: [...dealer.newMakes],
      dealership_id: dealer.id,
      dealership_slug: dealer.slug,
      time_zone: tz,
      address: {
        id: def.id + 5000,
        street: def.street,
        city: def.city,
        state: dealer.state,
        postcode: def.postcode,
        place_id: placeId,
        place_url: `https://www.google.com/maps/place/?q=place_id:${placeId}`,
        lat: def.lat,
        long: def.long,
      },
      contact_detail: { phone: def.phone, landline_phone: def.landline ?? def.phone, opening_hours: openingHours(def) },
      special_hours: specialHours(def, dealer.state, now),
    };
    if (selling) loc.dealer_license_number = licence(rng, dealer.state);
    const repairer =
      def.type === 'service' || def.type === 'service-and-parts' ? repairerLicence(rng, dealer.state) : undefined;
    if (repairer) loc.motor_vehicle_repairer = repairer;
    if (def.type !== 'parts') {
      const items = reviews(rng, reviewId, now);
      reviewId += items.length;
      const count = items.length + rng.int(20, 640);
      const average = Math.round(rng.float(3.9, 4.9) * 10) / 10;
      Object.assign(loc, {
        reviews: { average_rating: average, count },
        average_rating: average,
        review_count: count,
        review_items: items,
      });
    }
    if (dealer.slug.startsWith('southern-cross-') && def.primary) {
      loc.distribution_locations = LOCATIONS.filter(
        (o) => o.id !== def.id && SELLING.has(o.type) && dealerOf(o.dealer).slug.startsWith('southern-cross-'),
      ).map((o) => o.id);
    }
    return loc;
  });
}

// ---------------------------------------------------------------------------------------------
// Vehicle catalogue

type Body =
  'SUV' | 'Ute' | 'Hatch' | 'Sedan' | 'Wagon' | 'Van' | 'Coupe' | 'Convertible' | 'Cab Chassis' | 'People Mover';
type BikeBody = 'Naked' | 'Adventure' | 'Sport' | 'Cruiser' | 'Dirt' | 'Scooter';
type Fuel = NonNullable<FeedCar['simple_fuel']>;
type Drive = 'FWD' | 'RWD' | 'AWD' | '4x4';
/** A6 = 6 speed automatic, M6 manual, D7 dual clutch, CVT, EV single speed. */
type Trans = `A${number}` | `M${number}` | `D${number}` | 'CVT' | 'EV';

interface CarSpec {
  make: string;
  model: string;
  body: Body;
  cfg: string;
  badges: readonly string[];
  fuel: Fuel;
  cc: number;
  tr: Trans;
  alt?: Trans;
  drive: Drive;
  seats: number;
  doors: number;
  price: readonly [number, number];
  from: number;
  to?: number;
  pop?: number;
  turbo?: boolean;
  series?: readonly (readonly [number, string])[];
}

interface BikeSpec {
  make: (typeof BIKE_MAKES)[number];
  model: string;
  body: BikeBody;
  badges: readonly string[];
  cc: number;
  cyl: number;
  tr: Trans;
  price: readonly [number, number];
  from: number;
}

const CARS: readonly CarSpec[] = [
  {
    make: 'Toyota',
    model: 'HiLux',
    body: 'Ute',
    cfg: 'Double Cab Pick Up',
    badges: ['Workmate', 'SR', 'SR5', 'Rogue', 'Rugged X'],
    fuel: 'Diesel',
    cc: 2755,
    tr: 'A6',
    alt: 'M6',
    drive: '4x4',
    seats: 5,
    doors: 4,
    price: [42000, 72000],
    from: 2008,
    pop: 4,
    turbo: true,
    series: [
      [2008, 'KUN26R'],
      [2015, 'GUN126R'],
    ],
  },
  {
    make: 'Toyota',
    model: 'HiLux',
    body: 'Cab Chassis',
    cfg: 'Single Cab Chassis',
    badges: ['Workmate', 'SR'],
    fuel: 'Diesel',
    cc: 2393,
    tr: 'M6',
    alt: 'A6',
    drive: '4x4',
    seats: 2,
    doors: 2,
    price: [38000, 46000],
    from: 2008,
    pop: 1,
    turbo: true,
    series: [
      [2008, 'KUN26R'],
      [2015, 'GUN125R'],
    ],
  },
  {
    make: 'Toyota',
    model: 'Corolla',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['Ascent Sport', 'SX', 'ZR'],
    fuel: 'Petrol',
    cc: 1987,
    tr: 'CVT',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [29000, 38000],
    from: 2008,
    pop: 3,
    series: [
      [2008, 'ZRE152R'],
      [2012, 'ZRE182R'],
      [2018, 'MZEA12R'],
    ],
  },
  {
    make: 'Toyota',
    model: 'Corolla',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['Ascent Sport Hybrid', 'SX Hybrid', 'ZR Hybrid'],
    fuel: 'Hybrid',
    cc: 1798,
    tr: 'CVT',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [32000, 41000],
    from: 2019,
    pop: 2,
    series: [
      [2019, 'ZWE211R'],
      [2023, 'ZWE219R'],
    ],
  },
  {
    make: 'Toyota',
    model: 'RAV4',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['GX', 'GXL', 'Cruiser', 'Edge'],
    fuel: 'Petrol',
    cc: 2494,
    tr: 'A6',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [33000, 48000],
    from: 2008,
    to: 2018,
    pop: 2,
    series: [
      [2008, 'ACA33R'],
      [2013, 'ASA44R'],
    ],
  },
  {
    make: 'Toyota',
    model: 'RAV4',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['GX', 'GXL', 'XSE', 'Cruiser', 'Edge'],
    fuel: 'Hybrid',
    cc: 2487,
    tr: 'CVT',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [42000, 62000],
    from: 2019,
    pop: 3,
    series: [[2019, 'AXAH54R']],
  },
  {
    make: 'Toyota',
    model: 'LandCruiser Prado',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['GX', 'GXL', 'VX', 'Kakadu'],
    fuel: 'Diesel',
    cc: 2755,
    tr: 'A6',
    drive: '4x4',
    seats: 7,
    doors: 5,
    price: [64000, 98000],
    from: 2010,
    pop: 2,
    turbo: true,
    series: [
      [2010, 'KDJ150R'],
      [2015, 'GDJ150R'],
      [2024, 'GDJ250R'],
    ],
  },
  {
    make: 'Toyota',
    model: 'Camry',
    body: 'Sedan',
    cfg: 'Sedan',
    badges: ['Ascent', 'Ascent Sport', 'SL'],
    fuel: 'Hybrid',
    cc: 2487,
    tr: 'CVT',
    drive: 'FWD',
    seats: 5,
    doors: 4,
    price: [38000, 50000],
    from: 2012,
    pop: 1,
    series: [
      [2012, 'AVV50R'],
      [2017, 'AXVH71R'],
    ],
  },
  {
    make: 'Toyota',
    model: 'Kluger',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['GX', 'GXL', 'Grande'],
    fuel: 'Petrol',
    cc: 3456,
    tr: 'A8',
    drive: 'AWD',
    seats: 7,
    doors: 5,
    price: [52000, 78000],
    from: 2008,
    pop: 1,
    series: [
      [2008, 'GSU45R'],
      [2014, 'GSU55R'],
      [2021, 'GVU70R'],
    ],
  },
  {
    make: 'Toyota',
    model: 'HiAce',
    body: 'Van',
    cfg: 'Van',
    badges: ['LWB', 'SLWB'],
    fuel: 'Diesel',
    cc: 2755,
    tr: 'A6',
    drive: 'RWD',
    seats: 3,
    doors: 4,
    price: [50000, 62000],
    from: 2008,
    pop: 1,
    turbo: true,
    series: [
      [2008, 'KDH201R'],
      [2019, 'GDH300R'],
    ],
  },
  {
    make: 'Toyota',
    model: 'GR86',
    body: 'Coupe',
    cfg: 'Coupe',
    badges: ['GT', 'GTS'],
    fuel: 'Petrol',
    cc: 2387,
    tr: 'M6',
    alt: 'A6',
    drive: 'RWD',
    seats: 4,
    doors: 2,
    price: [44000, 48000],
    from: 2022,
    pop: 0.3,
    series: [[2022, 'ZN8R']],
  },
  {
    make: 'Mazda',
    model: 'CX-3',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Neo Sport', 'Maxx Sport', 'Touring', 'Akari'],
    fuel: 'Petrol',
    cc: 1998,
    tr: 'A6',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [28000, 40000],
    from: 2015,
    pop: 2,
    series: [[2015, 'DK']],
  },
  {
    make: 'Mazda',
    model: 'CX-30',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['G20 Pure', 'G20 Evolve', 'G25 Touring', 'G25 Astina'],
    fuel: 'Petrol',
    cc: 1998,
    tr: 'A6',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [32000, 48000],
    from: 2019,
    pop: 2,
    series: [[2019, 'DM']],
  },
  {
    make: 'Mazda',
    model: 'CX-5',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Maxx', 'Maxx Sport', 'Touring', 'GT SP', 'Akera'],
    fuel: 'Petrol',
    cc: 2488,
    tr: 'A6',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [36000, 57000],
    from: 2012,
    pop: 3,
    series: [
      [2012, 'KE'],
      [2017, 'KF'],
    ],
  },
  {
    make: 'Mazda',
    model: 'CX-60',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['G40e Evolve', 'G40e GT', 'G40e Azami'],
    fuel: 'Hybrid',
    cc: 3283,
    tr: 'A8',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [60000, 80000],
    from: 2022,
    pop: 0.6,
    turbo: true,
    series: [[2022, 'KH']],
  },
  {
    make: 'Mazda',
    model: 'CX-60',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['P50e GT', 'P50e Azami'],
    fuel: 'PHEV',
    cc: 2488,
    tr: 'A8',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [74000, 84000],
    from: 2022,
    pop: 0.3,
    series: [[2022, 'KH']],
  },
  {
    make: 'Mazda',
    model: 'CX-90',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['G50e Touring', 'G50e GT', 'G50e Azami'],
    fuel: 'Hybrid',
    cc: 3283,
    tr: 'A8',
    drive: 'AWD',
    seats: 7,
    doors: 5,
    price: [76000, 98000],
    from: 2023,
    pop: 0.5,
    turbo: true,
    series: [[2023, 'KK']],
  },
  {
    make: 'Mazda',
    model: 'BT-50',
    body: 'Ute',
    cfg: 'Dual Cab Pick-up',
    badges: ['XT', 'XTR', 'GT', 'SP', 'Thunder'],
    fuel: 'Diesel',
    cc: 2999,
    tr: 'A6',
    alt: 'M6',
    drive: '4x4',
    seats: 5,
    doors: 4,
    price: [45000, 70000],
    from: 2012,
    pop: 2,
    turbo: true,
    series: [
      [2012, 'UP'],
      [2015, 'UR'],
      [2020, 'TF'],
    ],
  },
  {
    make: 'Mazda',
    model: 'MX-5',
    body: 'Convertible',
    cfg: 'Roadster',
    badges: ['Roadster', 'Roadster GT', 'RF GT'],
    fuel: 'Petrol',
    cc: 1998,
    tr: 'M6',
    alt: 'A6',
    drive: 'RWD',
    seats: 2,
    doors: 2,
    price: [40000, 52000],
    from: 2008,
    pop: 0.5,
    series: [
      [2008, 'NC'],
      [2015, 'ND'],
    ],
  },
  {
    make: 'Mazda',
    model: 'Mazda2',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['Pure', 'Evolve', 'GT'],
    fuel: 'Petrol',
    cc: 1496,
    tr: 'A6',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [24000, 30000],
    from: 2008,
    pop: 2,
    series: [
      [2008, 'DE'],
      [2014, 'DJ'],
    ],
  },
  {
    make: 'Mazda',
    model: 'Mazda3',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['G20 Pure', 'G20 Evolve', 'G20 Touring', 'G25 GT', 'G25 Astina'],
    fuel: 'Petrol',
    cc: 1998,
    tr: 'A6',
    alt: 'M6',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [32000, 46000],
    from: 2008,
    pop: 3,
    series: [
      [2008, 'BL'],
      [2013, 'BM'],
      [2016, 'BN'],
      [2019, 'BP'],
    ],
  },
  {
    make: 'Ford',
    model: 'Ranger',
    body: 'Ute',
    cfg: 'Double Cab Pick-up',
    badges: ['XL', 'XLS', 'XLT', 'Sport', 'Wildtrak', 'Raptor'],
    fuel: 'Diesel',
    cc: 1996,
    tr: 'A10',
    drive: '4x4',
    seats: 5,
    doors: 4,
    price: [48000, 90000],
    from: 2008,
    pop: 4,
    turbo: true,
    series: [
      [2008, 'PK'],
      [2011, 'PX'],
      [2018, 'PX MkIII'],
      [2022, 'PY'],
    ],
  },
  {
    make: 'Ford',
    model: 'Ranger',
    body: 'Cab Chassis',
    cfg: 'Super Cab Chassis',
    badges: ['XL'],
    fuel: 'Diesel',
    cc: 2198,
    tr: 'A6',
    alt: 'M6',
    drive: '4x4',
    seats: 4,
    doors: 4,
    price: [44000, 44000],
    from: 2011,
    pop: 1,
    turbo: true,
    series: [
      [2011, 'PX'],
      [2022, 'PY'],
    ],
  },
  {
    make: 'Ford',
    model: 'Everest',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Ambiente', 'Trend', 'Sport', 'Platinum'],
    fuel: 'Diesel',
    cc: 1996,
    tr: 'A10',
    drive: '4x4',
    seats: 7,
    doors: 5,
    price: [56000, 86000],
    from: 2015,
    pop: 2,
    turbo: true,
    series: [
      [2015, 'UA'],
      [2018, 'UA II'],
      [2022, 'UB'],
    ],
  },
  {
    make: 'Ford',
    model: 'Mustang',
    body: 'Coupe',
    cfg: 'Fastback',
    badges: ['GT', 'Mach 1'],
    fuel: 'Petrol',
    cc: 5038,
    tr: 'A10',
    alt: 'M6',
    drive: 'RWD',
    seats: 4,
    doors: 2,
    price: [72000, 90000],
    from: 2016,
    pop: 0.5,
    series: [
      [2016, 'FM'],
      [2018, 'FN'],
      [2024, 'S650'],
    ],
  },
  {
    make: 'Ford',
    model: 'Mustang',
    body: 'Convertible',
    cfg: 'Convertible',
    badges: ['GT'],
    fuel: 'Petrol',
    cc: 5038,
    tr: 'A10',
    drive: 'RWD',
    seats: 4,
    doors: 2,
    price: [82000, 82000],
    from: 2016,
    pop: 0.2,
    series: [
      [2016, 'FM'],
      [2018, 'FN'],
    ],
  },
  {
    make: 'Ford',
    model: 'Transit Custom',
    body: 'Van',
    cfg: 'Van',
    badges: ['340S', '340L'],
    fuel: 'Diesel',
    cc: 1996,
    tr: 'A6',
    drive: 'FWD',
    seats: 3,
    doors: 4,
    price: [50000, 60000],
    from: 2014,
    pop: 1,
    turbo: true,
    series: [
      [2014, 'VN'],
      [2024, 'VO'],
    ],
  },
  {
    make: 'Ford',
    model: 'Focus',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['Trend', 'ST-Line', 'ST'],
    fuel: 'Petrol',
    cc: 1497,
    tr: 'A6',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [28000, 48000],
    from: 2008,
    to: 2023,
    pop: 1,
    turbo: true,
    series: [
      [2008, 'LV'],
      [2011, 'LW'],
      [2015, 'LZ'],
      [2018, 'SA'],
    ],
  },
  {
    make: 'Hyundai',
    model: 'i30',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['i30', 'Active', 'Elite', 'N Line', 'N Line Premium'],
    fuel: 'Petrol',
    cc: 1999,
    tr: 'A6',
    alt: 'M6',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [26000, 40000],
    from: 2008,
    pop: 3,
    series: [
      [2008, 'FD'],
      [2012, 'GD'],
      [2017, 'PD'],
    ],
  },
  {
    make: 'Hyundai',
    model: 'i30',
    body: 'Sedan',
    cfg: 'Sedan',
    badges: ['i30', 'Active', 'Elite', 'N Line'],
    fuel: 'Petrol',
    cc: 1999,
    tr: 'CVT',
    drive: 'FWD',
    seats: 5,
    doors: 4,
    price: [29000, 40000],
    from: 2020,
    pop: 1,
    series: [[2020, 'CN7']],
  },
  {
    make: 'Hyundai',
    model: 'i30',
    body: 'Sedan',
    cfg: 'Sedan',
    badges: ['Hybrid', 'Hybrid Elite'],
    fuel: 'Hybrid',
    cc: 1580,
    tr: 'D6',
    drive: 'FWD',
    seats: 5,
    doors: 4,
    price: [34000, 38000],
    from: 2024,
    pop: 0.4,
    series: [[2024, 'CN7']],
  },
  {
    make: 'Hyundai',
    model: 'Tucson',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Tucson', 'Elite', 'Highlander', 'N Line'],
    fuel: 'Petrol',
    cc: 1999,
    tr: 'A6',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [36000, 55000],
    from: 2015,
    pop: 3,
    series: [
      [2015, 'TL'],
      [2021, 'NX4'],
    ],
  },
  {
    make: 'Hyundai',
    model: 'Tucson',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Hybrid Elite', 'Hybrid Highlander'],
    fuel: 'Hybrid',
    cc: 1598,
    tr: 'A6',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [50000, 60000],
    from: 2024,
    pop: 0.6,
    turbo: true,
    series: [[2024, 'NX4.V2']],
  },
  {
    make: 'Hyundai',
    model: 'Santa Fe',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Santa Fe', 'Elite', 'Highlander'],
    fuel: 'Diesel',
    cc: 2199,
    tr: 'A8',
    drive: 'AWD',
    seats: 7,
    doors: 5,
    price: [50000, 75000],
    from: 2008,
    pop: 2,
    turbo: true,
    series: [
      [2008, 'CM'],
      [2012, 'DM'],
      [2018, 'TM'],
      [2024, 'MX5'],
    ],
  },
  {
    make: 'Hyundai',
    model: 'Kona',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Active', 'Elite', 'Highlander', 'N Line'],
    fuel: 'Petrol',
    cc: 1999,
    tr: 'CVT',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [28000, 43000],
    from: 2017,
    pop: 2,
    series: [
      [2017, 'OS'],
      [2023, 'SX2'],
    ],
  },
  {
    make: 'Hyundai',
    model: 'Kona Electric',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Standard Range', 'Extended Range', 'Premium'],
    fuel: 'Electric',
    cc: 0,
    tr: 'EV',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [54000, 68000],
    from: 2019,
    pop: 1,
    series: [
      [2019, 'OS'],
      [2023, 'SX2'],
    ],
  },
  {
    make: 'Hyundai',
    model: 'Ioniq 5',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Dynamiq', 'Techniq', 'Epiq', 'N'],
    fuel: 'Electric',
    cc: 0,
    tr: 'EV',
    drive: 'RWD',
    seats: 5,
    doors: 5,
    price: [68000, 112000],
    from: 2021,
    pop: 1,
    series: [[2021, 'NE']],
  },
  {
    make: 'Hyundai',
    model: 'Venue',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Venue', 'Active', 'Elite'],
    fuel: 'Petrol',
    cc: 1598,
    tr: 'A6',
    alt: 'M6',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [24000, 30000],
    from: 2019,
    pop: 1,
    series: [[2019, 'QX']],
  },
  {
    make: 'Hyundai',
    model: 'Staria',
    body: 'People Mover',
    cfg: 'Wagon',
    badges: ['Staria', 'Elite', 'Highlander'],
    fuel: 'Diesel',
    cc: 2199,
    tr: 'A8',
    drive: 'AWD',
    seats: 8,
    doors: 4,
    price: [56000, 78000],
    from: 2021,
    pop: 0.6,
    turbo: true,
    series: [[2021, 'US4']],
  },
  {
    make: 'Hyundai',
    model: 'iLoad',
    body: 'Van',
    cfg: 'Van',
    badges: ['iLoad'],
    fuel: 'Diesel',
    cc: 2497,
    tr: 'A5',
    alt: 'M6',
    drive: 'RWD',
    seats: 3,
    doors: 4,
    price: [42000, 42000],
    from: 2008,
    to: 2021,
    pop: 1,
    turbo: true,
    series: [
      [2008, 'TQ'],
      [2015, 'TQ3'],
    ],
  },
  {
    make: 'Hyundai',
    model: 'Palisade',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Elite', 'Highlander'],
    fuel: 'Diesel',
    cc: 2199,
    tr: 'A8',
    drive: 'AWD',
    seats: 8,
    doors: 5,
    price: [66000, 82000],
    from: 2021,
    pop: 0.5,
    turbo: true,
    series: [[2021, 'LX2']],
  },
  {
    make: 'Kia',
    model: 'Sportage',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['S', 'SX', 'SX+', 'GT-Line'],
    fuel: 'Petrol',
    cc: 1999,
    tr: 'A6',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [35000, 52000],
    from: 2010,
    pop: 3,
    series: [
      [2010, 'SL'],
      [2016, 'QL'],
      [2022, 'NQ5'],
    ],
  },
  {
    make: 'Kia',
    model: 'Cerato',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['S', 'Sport', 'Sport+', 'GT'],
    fuel: 'Petrol',
    cc: 1999,
    tr: 'A6',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [26000, 38000],
    from: 2013,
    to: 2024,
    pop: 2,
    series: [
      [2013, 'YD'],
      [2018, 'BD'],
    ],
  },
  {
    make: 'Kia',
    model: 'Cerato',
    body: 'Sedan',
    cfg: 'Sedan',
    badges: ['S', 'Sport', 'Sport+'],
    fuel: 'Petrol',
    cc: 1999,
    tr: 'A6',
    drive: 'FWD',
    seats: 5,
    doors: 4,
    price: [26000, 34000],
    from: 2013,
    to: 2024,
    pop: 1,
    series: [
      [2013, 'YD'],
      [2018, 'BD'],
    ],
  },
  {
    make: 'Kia',
    model: 'EV6',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Air', 'GT-Line', 'GT'],
    fuel: 'Electric',
    cc: 0,
    tr: 'EV',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [72000, 100000],
    from: 2022,
    pop: 0.8,
    series: [[2022, 'CV']],
  },
  {
    make: 'Kia',
    model: 'Sorento',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['S', 'Sport', 'Sport+', 'GT-Line'],
    fuel: 'Diesel',
    cc: 2151,
    tr: 'D8',
    drive: 'AWD',
    seats: 7,
    doors: 5,
    price: [50000, 72000],
    from: 2009,
    pop: 2,
    turbo: true,
    series: [
      [2009, 'XM'],
      [2015, 'UM'],
      [2020, 'MQ4'],
    ],
  },
  {
    make: 'Kia',
    model: 'Carnival',
    body: 'People Mover',
    cfg: 'Wagon',
    badges: ['S', 'Si', 'SLi', 'Platinum'],
    fuel: 'Diesel',
    cc: 2151,
    tr: 'A8',
    drive: 'FWD',
    seats: 8,
    doors: 5,
    price: [50000, 75000],
    from: 2015,
    pop: 1,
    turbo: true,
    series: [
      [2015, 'YP'],
      [2020, 'KA4'],
    ],
  },
  {
    make: 'Kia',
    model: 'Picanto',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['S', 'GT-Line'],
    fuel: 'Petrol',
    cc: 1248,
    tr: 'A4',
    alt: 'M5',
    drive: 'FWD',
    seats: 4,
    doors: 5,
    price: [17000, 21000],
    from: 2012,
    pop: 1,
    series: [
      [2012, 'TA'],
      [2017, 'JA'],
    ],
  },
  {
    make: 'Mitsubishi',
    model: 'Triton',
    body: 'Ute',
    cfg: 'Double Cab Pick Up',
    badges: ['GLX', 'GLX+', 'GLS', 'GSR'],
    fuel: 'Diesel',
    cc: 2442,
    tr: 'A6',
    alt: 'M6',
    drive: '4x4',
    seats: 5,
    doors: 4,
    price: [40000, 60000],
    from: 2008,
    pop: 3,
    turbo: true,
    series: [
      [2008, 'ML'],
      [2009, 'MN'],
      [2015, 'MQ'],
      [2019, 'MR'],
      [2024, 'MV'],
    ],
  },
  {
    make: 'Mitsubishi',
    model: 'Triton',
    body: 'Cab Chassis',
    cfg: 'Single Cab Chassis',
    badges: ['GLX'],
    fuel: 'Diesel',
    cc: 2442,
    tr: 'M6',
    drive: '4x4',
    seats: 2,
    doors: 2,
    price: [38000, 38000],
    from: 2008,
    pop: 1,
    turbo: true,
    series: [
      [2008, 'MN'],
      [2015, 'MQ'],
      [2019, 'MR'],
    ],
  },
  {
    make: 'Mitsubishi',
    model: 'Outlander',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['ES', 'LS', 'Aspire', 'Exceed'],
    fuel: 'Petrol',
    cc: 2488,
    tr: 'CVT',
    drive: 'AWD',
    seats: 7,
    doors: 5,
    price: [37000, 52000],
    from: 2008,
    pop: 2,
    series: [
      [2008, 'ZH'],
      [2012, 'ZJ'],
      [2015, 'ZK'],
      [2021, 'ZM'],
    ],
  },
  {
    make: 'Mitsubishi',
    model: 'Outlander',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['ES PHEV', 'Aspire PHEV', 'Exceed PHEV'],
    fuel: 'PHEV',
    cc: 2360,
    tr: 'EV',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [55000, 70000],
    from: 2014,
    pop: 1,
    series: [
      [2014, 'ZJ'],
      [2015, 'ZK'],
      [2022, 'ZM'],
    ],
  },
  {
    make: 'Mitsubishi',
    model: 'ASX',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['MR', 'LS', 'Exceed'],
    fuel: 'Petrol',
    cc: 1998,
    tr: 'CVT',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [26000, 36000],
    from: 2010,
    pop: 2,
    series: [
      [2010, 'XA'],
      [2013, 'XB'],
      [2016, 'XC'],
      [2020, 'XD'],
    ],
  },
  {
    make: 'Mitsubishi',
    model: 'Pajero Sport',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['GLX', 'GLS', 'Exceed'],
    fuel: 'Diesel',
    cc: 2442,
    tr: 'A8',
    drive: '4x4',
    seats: 7,
    doors: 5,
    price: [50000, 62000],
    from: 2015,
    pop: 1,
    turbo: true,
    series: [
      [2015, 'QE'],
      [2019, 'QF'],
    ],
  },
  {
    make: 'Nissan',
    model: 'Navara',
    body: 'Ute',
    cfg: 'Dual Cab Pick-up',
    badges: ['SL', 'ST', 'ST-X', 'PRO-4X'],
    fuel: 'Diesel',
    cc: 2298,
    tr: 'A7',
    alt: 'M6',
    drive: '4x4',
    seats: 5,
    doors: 4,
    price: [45000, 66000],
    from: 2008,
    pop: 2,
    turbo: true,
    series: [
      [2008, 'D40'],
      [2015, 'D23'],
    ],
  },
  {
    make: 'Nissan',
    model: 'X-Trail',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['ST', 'ST-L', 'Ti', 'Ti-L'],
    fuel: 'Petrol',
    cc: 2488,
    tr: 'CVT',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [38000, 55000],
    from: 2008,
    pop: 2,
    series: [
      [2008, 'T31'],
      [2014, 'T32'],
      [2022, 'T33'],
    ],
  },
  {
    make: 'Nissan',
    model: 'Patrol',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Ti', 'Ti-L', 'Warrior'],
    fuel: 'Petrol',
    cc: 5552,
    tr: 'A7',
    drive: '4x4',
    seats: 8,
    doors: 5,
    price: [85000, 105000],
    from: 2013,
    pop: 0.8,
    series: [[2013, 'Y62']],
  },
  {
    make: 'Nissan',
    model: 'Qashqai',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['ST', 'ST+', 'Ti'],
    fuel: 'Petrol',
    cc: 1332,
    tr: 'CVT',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [33000, 48000],
    from: 2014,
    pop: 1,
    turbo: true,
    series: [
      [2014, 'J11'],
      [2023, 'J12'],
    ],
  },
  {
    make: 'Nissan',
    model: 'Leaf',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['Leaf', 'e+'],
    fuel: 'Electric',
    cc: 0,
    tr: 'EV',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [50000, 62000],
    from: 2019,
    pop: 0.5,
    series: [[2019, 'ZE1']],
  },
  {
    make: 'Isuzu',
    model: 'D-Max',
    body: 'Ute',
    cfg: 'Crew Cab Utility',
    badges: ['SX', 'LS-M', 'LS-U', 'X-Terrain'],
    fuel: 'Diesel',
    cc: 2999,
    tr: 'A6',
    alt: 'M6',
    drive: '4x4',
    seats: 5,
    doors: 4,
    price: [42000, 68000],
    from: 2012,
    pop: 3,
    turbo: true,
    series: [
      [2012, 'TF'],
      [2020, 'RG'],
    ],
  },
  {
    make: 'Isuzu',
    model: 'D-Max',
    body: 'Cab Chassis',
    cfg: 'Single Cab Chassis',
    badges: ['SX', 'LS-M'],
    fuel: 'Diesel',
    cc: 2999,
    tr: 'M6',
    alt: 'A6',
    drive: '4x4',
    seats: 2,
    doors: 2,
    price: [36000, 48000],
    from: 2012,
    pop: 1,
    turbo: true,
    series: [
      [2012, 'TF'],
      [2020, 'RG'],
    ],
  },
  {
    make: 'Isuzu',
    model: 'MU-X',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['LS-M', 'LS-U', 'LS-T'],
    fuel: 'Diesel',
    cc: 2999,
    tr: 'A6',
    drive: '4x4',
    seats: 7,
    doors: 5,
    price: [50000, 68000],
    from: 2013,
    pop: 2,
    turbo: true,
    series: [
      [2013, 'UC'],
      [2021, 'RJ'],
    ],
  },
  {
    make: 'MG',
    model: 'ZS EV',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Excite', 'Essence'],
    fuel: 'Electric',
    cc: 0,
    tr: 'EV',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [40000, 48000],
    from: 2020,
    pop: 1,
    series: [[2020, 'AZS1']],
  },
  {
    make: 'MG',
    model: 'ZS',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Vibe', 'Excite', 'Essence'],
    fuel: 'Petrol',
    cc: 1498,
    tr: 'A4',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [24000, 31000],
    from: 2018,
    pop: 2,
    series: [[2018, 'AZS1']],
  },
  {
    make: 'MG',
    model: 'MG3',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['Core', 'Excite', 'Vibe'],
    fuel: 'Petrol',
    cc: 1498,
    tr: 'A4',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [19000, 23000],
    from: 2013,
    pop: 1.5,
    series: [[2013, 'SZP1']],
  },
  {
    make: 'MG',
    model: 'HS',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Vibe', 'Excite', 'Essence'],
    fuel: 'Petrol',
    cc: 1490,
    tr: 'D7',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [32000, 44000],
    from: 2019,
    pop: 1,
    turbo: true,
    series: [[2019, 'SAS23']],
  },
  {
    make: 'MG',
    model: 'HS',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Plus EV Excite', 'Plus EV Essence'],
    fuel: 'PHEV',
    cc: 1490,
    tr: 'A10',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [48000, 52000],
    from: 2021,
    pop: 0.5,
    turbo: true,
    series: [[2021, 'SAS23']],
  },
  {
    make: 'MG',
    model: 'MG4',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['Excite 51', 'Essence 64', 'XPOWER'],
    fuel: 'Electric',
    cc: 0,
    tr: 'EV',
    drive: 'RWD',
    seats: 5,
    doors: 5,
    price: [38000, 60000],
    from: 2023,
    pop: 0.8,
  },
  {
    make: 'Tesla',
    model: 'Model 3',
    body: 'Sedan',
    cfg: 'Sedan',
    badges: ['Rear-Wheel Drive', 'Long Range', 'Performance'],
    fuel: 'Electric',
    cc: 0,
    tr: 'EV',
    drive: 'RWD',
    seats: 5,
    doors: 4,
    price: [58000, 82000],
    from: 2019,
    pop: 2,
  },
  {
    make: 'Tesla',
    model: 'Model Y',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Rear-Wheel Drive', 'Long Range', 'Performance'],
    fuel: 'Electric',
    cc: 0,
    tr: 'EV',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [62000, 86000],
    from: 2022,
    pop: 2,
  },
  {
    make: 'BYD',
    model: 'Atto 3',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Standard Range', 'Extended Range'],
    fuel: 'Electric',
    cc: 0,
    tr: 'EV',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [44000, 50000],
    from: 2022,
    pop: 1,
  },
  {
    make: 'BYD',
    model: 'Seal',
    body: 'Sedan',
    cfg: 'Sedan',
    badges: ['Dynamic', 'Premium', 'Performance'],
    fuel: 'Electric',
    cc: 0,
    tr: 'EV',
    drive: 'RWD',
    seats: 5,
    doors: 4,
    price: [50000, 70000],
    from: 2023,
    pop: 0.6,
  },
  {
    make: 'BYD',
    model: 'Dolphin',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['Dynamic', 'Premium'],
    fuel: 'Electric',
    cc: 0,
    tr: 'EV',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [38000, 45000],
    from: 2023,
    pop: 0.6,
  },
  {
    make: 'BYD',
    model: 'Sealion 6',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Dynamic', 'Premium'],
    fuel: 'PHEV',
    cc: 1498,
    tr: 'EV',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [47000, 58000],
    from: 2024,
    pop: 0.6,
    turbo: true,
  },
  {
    make: 'GWM',
    model: 'Cannon',
    body: 'Ute',
    cfg: 'Dual Cab Utility',
    badges: ['Cannon', 'Cannon-L', 'Cannon-X'],
    fuel: 'Diesel',
    cc: 1996,
    tr: 'A8',
    drive: '4x4',
    seats: 5,
    doors: 4,
    price: [40000, 50000],
    from: 2021,
    pop: 1,
    turbo: true,
    series: [[2021, 'NPW']],
  },
  {
    make: 'GWM',
    model: 'Haval Jolion',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Premium', 'Lux', 'Ultra'],
    fuel: 'Petrol',
    cc: 1497,
    tr: 'D7',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [27000, 33000],
    from: 2021,
    pop: 1,
    turbo: true,
    series: [[2021, 'A01']],
  },
  {
    make: 'LDV',
    model: 'T60',
    body: 'Ute',
    cfg: 'Double Cab Utility',
    badges: ['Pro', 'Max', 'Max Plus'],
    fuel: 'Diesel',
    cc: 1996,
    tr: 'A8',
    alt: 'M6',
    drive: '4x4',
    seats: 5,
    doors: 4,
    price: [38000, 55000],
    from: 2017,
    pop: 1,
    turbo: true,
    series: [[2017, 'SK8C']],
  },
  {
    make: 'LDV',
    model: 'Deliver 9',
    body: 'Van',
    cfg: 'Van',
    badges: ['LWB Mid Roof', 'LWB High Roof'],
    fuel: 'Diesel',
    cc: 1996,
    tr: 'A6',
    drive: 'RWD',
    seats: 3,
    doors: 4,
    price: [48000, 53000],
    from: 2020,
    pop: 0.5,
    turbo: true,
    series: [[2020, 'SV7A']],
  },
  {
    make: 'Subaru',
    model: 'Forester',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['2.5i', '2.5i-L', '2.5i Premium', '2.5i-S'],
    fuel: 'Petrol',
    cc: 2498,
    tr: 'CVT',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [37000, 50000],
    from: 2008,
    pop: 2,
    series: [
      [2008, 'S3'],
      [2013, 'S4'],
      [2018, 'S5'],
      [2025, 'S6'],
    ],
  },
  {
    make: 'Subaru',
    model: 'Outback',
    body: 'Wagon',
    cfg: 'Wagon',
    badges: ['AWD', 'AWD Sport', 'AWD Touring'],
    fuel: 'Petrol',
    cc: 2498,
    tr: 'CVT',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [45000, 58000],
    from: 2008,
    pop: 2,
    series: [
      [2008, '4GEN'],
      [2015, '5GEN'],
      [2021, '6GEN'],
    ],
  },
  {
    make: 'Subaru',
    model: 'XV',
    body: 'SUV',
    cfg: 'Hatchback',
    badges: ['2.0i', '2.0i-L', '2.0i Premium', '2.0i-S'],
    fuel: 'Petrol',
    cc: 1995,
    tr: 'CVT',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [30000, 42000],
    from: 2012,
    to: 2023,
    pop: 1,
    series: [
      [2012, 'G4X'],
      [2017, 'G5X'],
    ],
  },
  {
    make: 'Subaru',
    model: 'WRX',
    body: 'Sedan',
    cfg: 'Sedan',
    badges: ['WRX', 'RS', 'tS'],
    fuel: 'Petrol',
    cc: 2387,
    tr: 'CVT',
    alt: 'M6',
    drive: 'AWD',
    seats: 5,
    doors: 4,
    price: [45000, 60000],
    from: 2014,
    pop: 0.6,
    turbo: true,
    series: [
      [2014, 'VA'],
      [2022, 'VB'],
    ],
  },
  {
    make: 'Volkswagen',
    model: 'Amarok',
    body: 'Ute',
    cfg: 'Dual Cab Utility',
    badges: ['Core', 'Life', 'Style', 'PanAmericana', 'Aventura'],
    fuel: 'Diesel',
    cc: 1996,
    tr: 'A10',
    drive: '4x4',
    seats: 5,
    doors: 4,
    price: [55000, 85000],
    from: 2011,
    pop: 1.5,
    turbo: true,
    series: [
      [2011, '2H'],
      [2023, 'NF'],
    ],
  },
  {
    make: 'Volkswagen',
    model: 'Golf',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['110TSI Life', '110TSI R-Line', 'GTI', 'R'],
    fuel: 'Petrol',
    cc: 1395,
    tr: 'D7',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [37000, 70000],
    from: 2008,
    pop: 2,
    turbo: true,
    series: [
      [2008, 'Mk6'],
      [2013, 'Mk7'],
      [2017, 'Mk7.5'],
      [2021, 'Mk8'],
    ],
  },
  {
    make: 'Volkswagen',
    model: 'Golf',
    body: 'Wagon',
    cfg: 'Wagon',
    badges: ['110TSI Life', '110TSI R-Line'],
    fuel: 'Petrol',
    cc: 1395,
    tr: 'D8',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [40000, 45000],
    from: 2013,
    pop: 0.5,
    turbo: true,
    series: [
      [2013, 'Mk7'],
      [2021, 'Mk8'],
    ],
  },
  {
    make: 'Volkswagen',
    model: 'Tiguan',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['110TSI Life', '162TSI Elegance', '162TSI R-Line'],
    fuel: 'Petrol',
    cc: 1984,
    tr: 'D7',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [42000, 65000],
    from: 2008,
    pop: 1.5,
    turbo: true,
    series: [
      [2008, '5N'],
      [2016, '5NA'],
    ],
  },
  {
    make: 'Volkswagen',
    model: 'Polo',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['85TSI Life', 'GTI'],
    fuel: 'Petrol',
    cc: 999,
    tr: 'D7',
    alt: 'M5',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [27000, 40000],
    from: 2010,
    pop: 1,
    turbo: true,
    series: [
      [2010, '6R'],
      [2018, 'AW'],
    ],
  },
  {
    make: 'Mercedes-Benz',
    model: 'C-Class',
    body: 'Sedan',
    cfg: 'Sedan',
    badges: ['C200', 'C300', 'C43 AMG'],
    fuel: 'Petrol',
    cc: 1999,
    tr: 'A9',
    drive: 'RWD',
    seats: 5,
    doors: 4,
    price: [78000, 125000],
    from: 2008,
    pop: 1.5,
    turbo: true,
    series: [
      [2008, 'W204'],
      [2014, 'W205'],
      [2021, 'W206'],
    ],
  },
  {
    make: 'Mercedes-Benz',
    model: 'GLC',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['GLC200', 'GLC300'],
    fuel: 'Petrol',
    cc: 1991,
    tr: 'A9',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [82000, 100000],
    from: 2016,
    pop: 1,
    turbo: true,
    series: [
      [2016, 'X253'],
      [2022, 'X254'],
    ],
  },
  {
    make: 'Mercedes-Benz',
    model: 'A-Class',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['A180', 'A200', 'A250'],
    fuel: 'Petrol',
    cc: 1332,
    tr: 'D7',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [52000, 70000],
    from: 2013,
    pop: 1,
    turbo: true,
    series: [
      [2013, 'W176'],
      [2018, 'W177'],
    ],
  },
  {
    make: 'Mercedes-Benz',
    model: 'Sprinter',
    body: 'Van',
    cfg: 'Van',
    badges: ['315 CDI', '319 CDI'],
    fuel: 'Diesel',
    cc: 2143,
    tr: 'A7',
    drive: 'RWD',
    seats: 3,
    doors: 4,
    price: [72000, 90000],
    from: 2010,
    pop: 0.5,
    turbo: true,
    series: [
      [2010, 'NCV3'],
      [2018, 'VS30'],
    ],
  },
  {
    make: 'Suzuki',
    model: 'Swift',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['GL', 'GL Navigator', 'GLX Turbo', 'Sport'],
    fuel: 'Petrol',
    cc: 1197,
    tr: 'CVT',
    alt: 'M5',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [22000, 33000],
    from: 2008,
    pop: 2,
    series: [
      [2008, 'RS415'],
      [2011, 'FZ'],
      [2017, 'AZ'],
      [2024, 'AZH'],
    ],
  },
  {
    make: 'Suzuki',
    model: 'Jimny',
    body: 'SUV',
    cfg: 'Hardtop',
    badges: ['Jimny', 'XL'],
    fuel: 'Petrol',
    cc: 1462,
    tr: 'A4',
    alt: 'M5',
    drive: '4x4',
    seats: 4,
    doors: 3,
    price: [33000, 38000],
    from: 2018,
    pop: 1,
    series: [[2018, 'JB74']],
  },
  {
    make: 'Suzuki',
    model: 'Vitara',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Vitara', 'Turbo', 'Turbo ALLGRIP'],
    fuel: 'Petrol',
    cc: 1586,
    tr: 'A6',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [30000, 42000],
    from: 2015,
    pop: 1,
    series: [[2015, 'LY']],
  },
  {
    make: 'Holden',
    model: 'Commodore',
    body: 'Sedan',
    cfg: 'Sedan',
    badges: ['Evoke', 'SV6', 'SS', 'Calais'],
    fuel: 'Petrol',
    cc: 3564,
    tr: 'A6',
    drive: 'RWD',
    seats: 5,
    doors: 4,
    price: [36000, 55000],
    from: 2008,
    to: 2020,
    pop: 1.5,
    series: [
      [2008, 'VE'],
      [2013, 'VF'],
      [2018, 'ZB'],
    ],
  },
  {
    make: 'Holden',
    model: 'Colorado',
    body: 'Ute',
    cfg: 'Crew Cab Pickup',
    badges: ['LS', 'LTZ', 'Z71'],
    fuel: 'Diesel',
    cc: 2776,
    tr: 'A6',
    alt: 'M6',
    drive: '4x4',
    seats: 5,
    doors: 4,
    price: [44000, 60000],
    from: 2012,
    to: 2020,
    pop: 1.5,
    turbo: true,
    series: [[2012, 'RG']],
  },
  {
    make: 'Honda',
    model: 'CR-V',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['VTi', 'VTi X', 'VTi L7', 'VTi LX'],
    fuel: 'Petrol',
    cc: 1498,
    tr: 'CVT',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [38000, 58000],
    from: 2008,
    pop: 1.5,
    turbo: true,
    series: [
      [2008, 'RE'],
      [2012, 'RM'],
      [2017, 'RW'],
      [2023, 'RS'],
    ],
  },
  {
    make: 'Honda',
    model: 'Civic',
    body: 'Hatch',
    cfg: 'Hatchback',
    badges: ['VTi', 'VTi-LX', 'Type R'],
    fuel: 'Petrol',
    cc: 1498,
    tr: 'CVT',
    alt: 'M6',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [36000, 73000],
    from: 2008,
    pop: 1,
    turbo: true,
    series: [
      [2008, 'FD'],
      [2012, 'FB'],
      [2016, 'FK'],
      [2022, 'FL'],
    ],
  },
  {
    make: 'Honda',
    model: 'HR-V',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['Vi X', 'e:HEV L'],
    fuel: 'Hybrid',
    cc: 1498,
    tr: 'CVT',
    drive: 'FWD',
    seats: 5,
    doors: 5,
    price: [36000, 46000],
    from: 2022,
    pop: 0.8,
    series: [[2022, 'RV']],
  },
  {
    make: 'BMW',
    model: '3 Series',
    body: 'Sedan',
    cfg: 'Sedan',
    badges: ['320i', '330i M Sport', 'M340i xDrive'],
    fuel: 'Petrol',
    cc: 1998,
    tr: 'A8',
    drive: 'RWD',
    seats: 5,
    doors: 4,
    price: [72000, 110000],
    from: 2012,
    pop: 1,
    turbo: true,
    series: [
      [2012, 'F30'],
      [2019, 'G20'],
    ],
  },
  {
    make: 'BMW',
    model: 'X3',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['sDrive20i', 'xDrive30i M Sport', 'M40i'],
    fuel: 'Petrol',
    cc: 1998,
    tr: 'A8',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [76000, 110000],
    from: 2018,
    pop: 0.8,
    turbo: true,
    series: [[2018, 'G01']],
  },
  {
    make: 'Audi',
    model: 'Q5',
    body: 'SUV',
    cfg: 'Wagon',
    badges: ['40 TDI quattro', '45 TFSI quattro Sport'],
    fuel: 'Diesel',
    cc: 1968,
    tr: 'D7',
    drive: 'AWD',
    seats: 5,
    doors: 5,
    price: [75000, 90000],
    from: 2017,
    pop: 0.6,
    turbo: true,
    series: [[2017, 'FY']],
  },
];

const BIKES: readonly BikeSpec[] = [
  {
    make: 'Yamaha',
    model: 'MT-07',
    body: 'Naked',
    badges: ['LAMS', 'Full Power'],
    cc: 689,
    cyl: 2,
    tr: 'M6',
    price: [11500, 12500],
    from: 2014,
  },
  {
    make: 'Yamaha',
    model: 'MT-09',
    body: 'Naked',
    badges: ['Standard', 'SP'],
    cc: 890,
    cyl: 3,
    tr: 'M6',
    price: [16500, 21000],
    from: 2014,
  },
  {
    make: 'Yamaha',
    model: 'Tenere 700',
    body: 'Adventure',
    badges: ['Standard', 'World Raid'],
    cc: 689,
    cyl: 2,
    tr: 'M6',
    price: [18500, 22000],
    from: 2019,
  },
  {
    make: 'Yamaha',
    model: 'YZF-R7',
    body: 'Sport',
    badges: ['Standard'],
    cc: 689,
    cyl: 2,
    tr: 'M6',
    price: [14500, 14500],
    from: 2022,
  },
  {
    make: 'Yamaha',
    model: 'YZ250F',
    body: 'Dirt',
    badges: ['Standard'],
    cc: 250,
    cyl: 1,
    tr: 'M5',
    price: [13000, 13000],
    from: 2008,
  },
  {
    make: 'Yamaha',
    model: 'XMAX 300',
    body: 'Scooter',
    badges: ['Standard', 'Tech MAX'],
    cc: 292,
    cyl: 1,
    tr: 'CVT',
    price: [9000, 10500],
    from: 2017,
  },
  {
    make: 'Honda',
    model: 'CB650R',
    body: 'Naked',
    badges: ['Standard', 'E-Clutch'],
    cc: 649,
    cyl: 4,
    tr: 'M6',
    price: [13500, 14800],
    from: 2019,
  },
  {
    make: 'Honda',
    model: 'CRF1100L Africa Twin',
    body: 'Adventure',
    badges: ['Standard', 'Adventure Sports ES'],
    cc: 1084,
    cyl: 2,
    tr: 'M6',
    price: [24000, 29000],
    from: 2020,
  },
  {
    make: 'Honda',
    model: 'CBR650R',
    body: 'Sport',
    badges: ['Standard'],
    cc: 649,
    cyl: 4,
    tr: 'M6',
    price: [14500, 14500],
    from: 2019,
  },
  {
    make: 'Honda',
    model: 'CRF450R',
    body: 'Dirt',
    badges: ['Standard'],
    cc: 450,
    cyl: 1,
    tr: 'M5',
    price: [14000, 14000],
    from: 2008,
  },
  {
    make: 'Honda',
    model: 'Rebel 500',
    body: 'Cruiser',
    badges: ['LAMS'],
    cc: 471,
    cyl: 2,
    tr: 'M6',
    price: [10800, 10800],
    from: 2017,
  },
  {
    make: 'Honda',
    model: 'ADV350',
    body: 'Scooter',
    badges: ['Standard'],
    cc: 330,
    cyl: 1,
    tr: 'CVT',
    price: [9500, 9500],
    from: 2022,
  },
  {
    make: 'Kawasaki',
    model: 'Z900',
    body: 'Naked',
    badges: ['Standard', 'SE'],
    cc: 948,
    cyl: 4,
    tr: 'M6',
    price: [15500, 17500],
    from: 2017,
  },
  {
    make: 'Kawasaki',
    model: 'Ninja 400',
    body: 'Sport',
    badges: ['LAMS', 'KRT Edition'],
    cc: 399,
    cyl: 2,
    tr: 'M6',
    price: [8500, 9000],
    from: 2018,
  },
  {
    make: 'Kawasaki',
    model: 'Versys 650',
    body: 'Adventure',
    badges: ['LAMS', 'Tourer'],
    cc: 649,
    cyl: 2,
    tr: 'M6',
    price: [12000, 14000],
    from: 2008,
  },
  {
    make: 'Kawasaki',
    model: 'KX450',
    body: 'Dirt',
    badges: ['Standard'],
    cc: 449,
    cyl: 1,
    tr: 'M5',
    price: [13500, 13500],
    from: 2008,
  },
  {
    make: 'Kawasaki',
    model: 'Vulcan S',
    body: 'Cruiser',
    badges: ['LAMS', 'Cafe'],
    cc: 649,
    cyl: 2,
    tr: 'M6',
    price: [11500, 12500],
    from: 2015,
  },
  {
    make: 'Suzuki',
    model: 'GSX-8S',
    body: 'Naked',
    badges: ['Standard'],
    cc: 776,
    cyl: 2,
    tr: 'M6',
    price: [14000, 14000],
    from: 2023,
  },
  {
    make: 'Suzuki',
    model: 'V-Strom 650XT',
    body: 'Adventure',
    badges: ['LAMS', 'Standard'],
    cc: 645,
    cyl: 2,
    tr: 'M6',
    price: [13000, 13500],
    from: 2012,
  },
  {
    make: 'Suzuki',
    model: 'DR-Z400E',
    body: 'Dirt',
    badges: ['Standard'],
    cc: 398,
    cyl: 1,
    tr: 'M5',
    price: [10500, 10500],
    from: 2008,
  },
  {
    make: 'Suzuki',
    model: 'Burgman 400',
    body: 'Scooter',
    badges: ['Standard'],
    cc: 400,
    cyl: 1,
    tr: 'CVT',
    price: [11000, 11000],
    from: 2008,
  },
  {
    make: 'Suzuki',
    model: 'GSX-R1000R',
    body: 'Sport',
    badges: ['Standard'],
    cc: 999,
    cyl: 4,
    tr: 'M6',
    price: [28000, 28000],
    from: 2017,
  },
  {
    make: 'Harley-Davidson',
    model: 'Street Bob 114',
    body: 'Cruiser',
    badges: ['Standard'],
    cc: 1868,
    cyl: 2,
    tr: 'M6',
    price: [28000, 28000],
    from: 2018,
  },
  {
    make: 'Harley-Davidson',
    model: 'Fat Boy 114',
    body: 'Cruiser',
    badges: ['Standard'],
    cc: 1868,
    cyl: 2,
    tr: 'M6',
    price: [36000, 36000],
    from: 2018,
  },
  {
    make: 'Harley-Davidson',
    model: 'Road Glide',
    body: 'Cruiser',
    badges: ['Special', 'ST'],
    cc: 1923,
    cyl: 2,
    tr: 'M6',
    price: [48000, 52000],
    from: 2015,
  },
  {
    make: 'Harley-Davidson',
    model: 'Sportster S',
    body: 'Cruiser',
    badges: ['Standard'],
    cc: 1252,
    cyl: 2,
    tr: 'M6',
    price: [27000, 27000],
    from: 2021,
  },
  {
    make: 'Triumph',
    model: 'Street Triple',
    body: 'Naked',
    badges: ['R', 'RS'],
    cc: 765,
    cyl: 3,
    tr: 'M6',
    price: [17000, 21000],
    from: 2017,
  },
  {
    make: 'Triumph',
    model: 'Tiger 900',
    body: 'Adventure',
    badges: ['GT', 'Rally Pro'],
    cc: 888,
    cyl: 3,
    tr: 'M6',
    price: [21000, 26000],
    from: 2020,
  },
  {
    make: 'Triumph',
    model: 'Bonneville T120',
    body: 'Cruiser',
    badges: ['Standard', 'Black'],
    cc: 1200,
    cyl: 2,
    tr: 'M6',
    price: [22000, 23000],
    from: 2016,
  },
  {
    make: 'Triumph',
    model: 'Speed 400',
    body: 'Naked',
    badges: ['LAMS'],
    cc: 398,
    cyl: 1,
    tr: 'M6',
    price: [7990, 7990],
    from: 2024,
  },
  {
    make: 'BMW',
    model: 'R 1250 GS',
    body: 'Adventure',
    badges: ['Standard', 'Adventure'],
    cc: 1254,
    cyl: 2,
    tr: 'M6',
    price: [30000, 35000],
    from: 2019,
  },
  {
    make: 'BMW',
    model: 'S 1000 RR',
    body: 'Sport',
    badges: ['Standard', 'M Package'],
    cc: 999,
    cyl: 4,
    tr: 'M6',
    price: [33000, 40000],
    from: 2019,
  },
  {
    make: 'BMW',
    model: 'R nineT',
    body: 'Naked',
    badges: ['Standard', 'Pure'],
    cc: 1170,
    cyl: 2,
    tr: 'M6',
    price: [22000, 25000],
    from: 2014,
  },
  {
    make: 'BMW',
    model: 'C 400 X',
    body: 'Scooter',
    badges: ['Standard'],
    cc: 350,
    cyl: 1,
    tr: 'CVT',
    price: [10500, 10500],
    from: 2019,
  },
  {
    make: 'KTM',
    model: '390 Duke',
    body: 'Naked',
    badges: ['LAMS'],
    cc: 373,
    cyl: 1,
    tr: 'M6',
    price: [7990, 7990],
    from: 2013,
  },
  {
    make: 'KTM',
    model: '890 Adventure',
    body: 'Adventure',
    badges: ['Standard', 'R'],
    cc: 889,
    cyl: 2,
    tr: 'M6',
    price: [20000, 24000],
    from: 2021,
  },
  {
    make: 'KTM',
    model: '1290 Super Duke R',
    body: 'Naked',
    badges: ['Evo'],
    cc: 1301,
    cyl: 2,
    tr: 'M6',
    price: [29000, 29000],
    from: 2014,
  },
  {
    make: 'KTM',
    model: '450 SX-F',
    body: 'Dirt',
    badges: ['Standard'],
    cc: 449,
    cyl: 1,
    tr: 'M5',
    price: [14500, 14500],
    from: 2008,
  },
  {
    make: 'KTM',
    model: '300 EXC',
    body: 'Dirt',
    badges: ['Six Days'],
    cc: 293,
    cyl: 1,
    tr: 'M6',
    price: [15000, 15000],
    from: 2008,
  },
];

// ---------------------------------------------------------------------------------------------
// Colours, images, equipment

const COLOURS: Readonly<Record<string, string>> = {
  White: '#f2f3f1',
  Silver: '#c3c7cb',
  Grey: '#6b7075',
  Black: '#1d1e22',
  Blue: '#1f4e9c',
  Red: '#b3162b',
  Green: '#2f6b3a',
  Orange: '#e0701e',
  Yellow: '#f2c230',
  Bronze: '#8c6a43',
  Brown: '#5a3e2b',
  Beige: '#d6c6a5',
  'Soul Red Crystal': '#9b0e1c',
  'Snowflake White Pearl': '#f5f5ef',
  'Machine Grey': '#5c5f63',
  'Jet Black': '#111214',
  'Deep Crystal Blue': '#1b2a4a',
  'Polymetal Grey': '#7c8185',
  'Sonic Silver': '#a9adb1',
};

const GENERIC_COLOURS: readonly (readonly [string, number])[] = [
  ['White', 28],
  ['Grey', 14],
  ['Black', 14],
  ['Silver', 11],
  ['Blue', 10],
  ['Red', 8],
  ['Green', 3],
  ['Bronze', 2],
  ['Orange', 2],
  ['Yellow', 1],
  ['Brown', 1],
  ['Beige', 1],
];
const MAZDA_COLOURS: readonly (readonly [string, number])[] = [
  ['Soul Red Crystal', 25],
  ['Snowflake White Pearl', 20],
  ['Machine Grey', 15],
  ['Jet Black', 12],
  ['Deep Crystal Blue', 10],
  ['Polymetal Grey', 10],
  ['Sonic Silver', 8],
];
const BIKE_COLOURS: Readonly<Record<(typeof BIKE_MAKES)[number], string>> = {
  Yamaha: 'Blue',
  Honda: 'Red',
  Kawasaki: 'Green',
  Suzuki: 'Blue',
  'Harley-Davidson': 'Black',
  Triumph: 'Grey',
  BMW: 'White',
  KTM: 'Orange',
};
const INTERIORS: readonly (readonly [string, number])[] = [
  ['Black', 50],
  ['Charcoal', 20],
  ['Grey', 12],
  ['Beige', 8],
  ['Tan', 6],
  ['Red', 2],
  ['White', 2],
];

const CAR_VIEWS: readonly ImageView[] = ['side', 'front', 'rear', 'interior'];
const BIKE_VIEWS: readonly ImageView[] = ['side', 'front', 'rear'];
const IMAGE_PATH = /^\/media\/vehicles\/([a-z0-9-]+)\/([a-z0-9-]+)\/(front|side|rear|interior)\.png$/;

function carImages(rng: Rng, kind: string, colour: string, views: readonly ImageView[]): FeedCarImage[] {
  const count = rng.int(4, 8);
  return Array.from({ length: count }, (_, i) => {
    const url = `/media/vehicles/${kind}/${slugify(colour)}/${at(views, i % views.length)}.png`;
    return { image: { url, thumb: { url } } };
  });
}

const EQUIPMENT = [
  'Air Conditioning',
  'Bluetooth Connectivity',
  'Reversing Camera',
  'Cruise Control',
  'Power Windows',
  'Autonomous Emergency Braking',
  'Apple CarPlay',
  'Android Auto',
  'Keyless Entry',
  'Lane Keep Assist',
  'Alloy Wheels',
  'Rear Parking Sensors',
  'Blind Spot Monitoring',
  'Rear Cross Traffic Alert',
  'Adaptive Cruise Control',
  'Dual Zone Climate Control',
  'Satellite Navigation',
  'LED Headlights',
  'Front Parking Sensors',
  'Push Button Start',
  'Wireless Phone Charger',
  'Leather Seats',
  'Heated Front Seats',
  'Power Driver Seat',
  '360 Degree Camera',
  'Head-Up Display',
  'Sunroof',
  'Premium Sound System',
  'Ventilated Front Seats',
] as const;
const BODY_EQUIPMENT: Partial<Record<Body, readonly string[]>> = {
  Ute: ['Tow Bar', 'Tub Liner', 'Side Steps', 'Hill Descent Control', 'Rear Diff Lock'],
  'Cab Chassis': ['Tow Bar', 'Alloy Tray', 'Hill Descent Control'],
  SUV: ['Roof Rails', 'Power Tailgate', 'Hill Descent Control'],
  Van: ['Cargo Barrier', 'Sliding Side Door', 'Rubber Load Floor'],
  'People Mover': ['Power Sliding Doors', 'Third Row Air Vents', 'Rear Sunshades'],
  Wagon: ['Roof Rails', 'Power Tailgate'],
  Convertible: ['Folding Roof', 'Limited Slip Differential'],
  Coupe: ['Limited Slip Differential', 'Sports Seats'],
};
const EV_EQUIPMENT = ['DC Fast Charging', 'Regenerative Braking', 'Vehicle-to-Load', 'Heat Pump', 'Scheduled Charging'];
const BIKE_EQUIPMENT = [
  'ABS',
  'LED Lighting',
  'Slipper Clutch',
  'TFT Display',
  'Traction Control',
  'Ride Modes',
  'USB Charging',
  'Quickshifter',
  'Cruise Control',
  'Heated Grips',
];

function equipment(rng: Rng, spec: CarSpec, level: number): string[] {
  const base = EQUIPMENT.slice(0, 7 + Math.round(level * 15) + rng.int(0, 3));
  const extra = [
    ...(BODY_EQUIPMENT[spec.body] ?? []),
    ...(spec.fuel === 'Electric' || spec.fuel === 'PHEV' ? EV_EQUIPMENT : []),
  ];
  return [...base, ...extra.filter(() => rng.chance(0.6))];
}

// ---------------------------------------------------------------------------------------------
// Cars

const VIN_PREFIX: Readonly<Record<string, string>> = {
  Toyota: 'MR0',
  Mazda: 'JM0',
  Ford: 'MNA',
  Hyundai: 'KMH',
  Kia: 'KNA',
  Mitsubishi: 'MMA',
  Nissan: 'JN1',
  Isuzu: 'MPA',
  MG: 'LSJ',
  Tesla: 'LRW',
  BYD: 'LGX',
  GWM: 'LGW',
  LDV: 'LSF',
  Subaru: 'JF1',
  Volkswagen: 'WVW',
  'Mercedes-Benz': 'W1K',
  Suzuki: 'JS3',
  Holden: '6G1',
  Honda: 'MRH',
  BMW: 'WBA',
  Audi: 'WAU',
  Yamaha: 'JYA',
  Kawasaki: 'JKA',
  'Harley-Davidson': '1HD',
  Triumph: 'SMT',
  KTM: 'VBK',
};
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY';

function vin(rng: Rng, make: string, year: number, id: number, motorcycle: boolean): string {
  const wmi =
    motorcycle && make === 'Honda'
      ? 'JH2'
      : motorcycle && make === 'Suzuki'
        ? 'JS1'
        : motorcycle && make === 'BMW'
          ? 'WB1'
          : (VIN_PREFIX[make] ?? 'ZZZ');
  const yearCode = year < 2010 ? String(year - 2000) : YEAR_CODES.charAt((year - 2010) % YEAR_CODES.length);
  return `${wmi}${rng.chars(5, VIN_CHARS)}${rng.chars(1, '0123456789X')}${yearCode}${rng.chars(1, VIN_CHARS)}${String(id).slice(-6).padStart(6, '0')}`;
}

/**
 * A Glass's-style NVIC (six letters and digits) for every third car, derived from the id alone so
 * the rest of the generated feed stays as it was. Personalised finance is gated for these cars.
 */
function nvicFor(id: number): string {
  let n = (id * 2654435761) >>> 0;
  let out = '';
  for (let i = 0; i < 6; i += 1) {
    out += VIN_CHARS.charAt(n % VIN_CHARS.length);
    n = Math.floor(n / VIN_CHARS.length) + id * (i + 7);
  }
  return out;
}

function regplate(rng: Rng, state: FeedStateCode): string {
  const L = (n: number): string => rng.chars(n, 'ABCDEFGHJKLMNPRSTUVWXYZ');
  const D = (n: number): string => rng.chars(n, '0123456789');
  switch (state) {
    case 'NSW':
      return `${L(2)}${D(2)}${L(2)}`;
    case 'VIC':
      return `${D(1)}${L(2)}${D(1)}${L(2)}`;
    case 'QLD':
      return `${D(3)}${L(3)}`;
    case 'SA':
      return `S${D(3)}${L(3)}`;
    case 'WA':
      return `1${L(3)}${D(3)}`;
    default:
      return `${L(1)}${D(2)}${L(2)}`;
  }
}

function transmission(
  tr: Trans,
  motorcycle: boolean,
): { trans: string; gearnum: number; simple_transmission: 'Automatic' | 'Manual' } {
  if (tr === 'CVT')
    return {
      trans: motorcycle ? 'Constantly Variable Transmission' : 'Continuous Variable',
      gearnum: 1,
      simple_transmission: 'Automatic',
    };
  if (tr === 'EV') return { trans: '1 Speed Reduction Gear', gearnum: 1, simple_transmission: 'Automatic' };
  const gears = Number(tr.slice(1));
  const kind = tr.startsWith('M') ? 'Manual' : tr.startsWith('D') ? 'Dual Clutch' : 'Automatic';
  return {
    trans: `${gears} Speed ${kind}`,
    gearnum: gears,
    simple_transmission: kind === 'Manual' ? 'Manual' : 'Automatic',
  };
}

const FUEL_LABEL: Record<Fuel, string> = {
  Petrol: 'Unleaded Petrol',
  Diesel: 'Diesel',
  Electric: 'Electric',
  Hybrid: 'Hybrid Petrol/Electric',
  PHEV: 'Plug-in Hybrid Petrol/Electric',
  LPG: 'LPG',
};

const DIMENSIONS: Record<
  Body,
  readonly [length: number, width: number, height: number, gvm: number, tow: number, tank: number, tare: number]
> = {
  SUV: [4550, 1850, 1680, 2300, 2000, 60, 1650],
  Ute: [5330, 1870, 1810, 3100, 3500, 80, 2100],
  'Cab Chassis': [5300, 1870, 1790, 3100, 3500, 76, 1850],
  Hatch: [4300, 1790, 1450, 1800, 1200, 50, 1300],
  Sedan: [4700, 1830, 1450, 2000, 1500, 55, 1500],
  Wagon: [4870, 1875, 1670, 2300, 2000, 63, 1650],
  Van: [5300, 1950, 2000, 3200, 2000, 70, 2100],
  Coupe: [4790, 1920, 1380, 2100, 0, 60, 1700],
  Convertible: [3915, 1735, 1235, 1450, 0, 45, 1050],
  'People Mover': [5150, 1995, 1775, 2700, 2000, 72, 2100],
};

function cylinders(spec: CarSpec): number {
  if (spec.cc === 0) return 0;
  if (spec.cc < 1300) return 3;
  if (spec.cc >= 5000) return 8;
  if (spec.cc >= 3200 && spec.fuel !== 'Diesel') return 6;
  return 4;
}

function variant(rng: Rng, spec: CarSpec, year: number, geartype: string): FeedCarVariant {
  const [length, width, height, gvm, tow, tank] = DIMENSIONS[spec.body];
  const jitter = (v: number, step = 5): number => Math.round((v * rng.float(0.97, 1.03)) / step) * step;
  const litres = spec.cc / 1000;
  const consumption =
    spec.fuel === 'Hybrid'
      ? rng.float(4.2, 5.6)
      : spec.fuel === 'PHEV'
        ? rng.float(1.5, 2.2)
        : spec.fuel === 'Diesel'
          ? rng.float(6.8, 8.6)
          : 4.5 + litres * 1.6;
  const v: FeedCarVariant = {
    cylinders: cylinders(spec),
    induction: spec.fuel === 'Electric' ? 'Electric' : spec.turbo ? 'Turbo' : 'Aspirated',
    grossvehiclemass: jitter(gvm, 10),
    vehiclelength: jitter(length),
    vehicleheight: jitter(height),
    vehiclewidth: jitter(width),
    torque: spec.fuel === 'Electric' ? rng.int(30, 66) * 5 : Math.round((litres * (spec.turbo ? 175 : 100)) / 5) * 5,
    ancaprating: year >= 2015 ? 5 : rng.int(4, 5),
    bodyconfiguration: spec.cfg,
    geartype,
  };
  if (spec.cc > 0) {
    Object.assign(v, {
      enginesize: spec.cc,
      enginesize_litres: Math.round(litres * 10) / 10,
      fuelconsumptioncombined: Math.round(consumption * 10) / 10,
      fuelcapacity: jitter(tank, 1),
    });
  }
  if (tow > 0) v.towingcapacitybraked = spec.body === 'Ute' || spec.body === 'Cab Chassis' ? 3500 : jitter(tow, 50);
  return v;
}

type CarType = FeedCar['car_type'];

interface Build {
  id: number;
  dealer: DealerDef;
  location: FeedLocation;
  carType: CarType;
  now: number;
  currentYear: number;
}

interface Chosen {
  make: string;
  model: string;
  badge: string;
  year: number;
  series?: string;
  newPrice: number;
}

function seriesFor(list: CarSpec['series'], year: number): string | undefined {
  let found: string | undefined;
  for (const [from, code] of list ?? []) if (from <= year) found = code;
  return found;
}

const USED_AGE_WEIGHTS = [3, 8, 10, 10, 9, 9, 8, 7, 6, 5, 4, 4, 3, 3, 2, 2, 2, 1];
const USED_AGES = USED_AGE_WEIGHTS.map((w, age) => [age, w] as const);

function chooseYear(
  rng: Rng,
  carType: CarType,
  from: number,
  to: number | undefined,
  currentYear: number,
): number | undefined {
  const first = Math.max(2008, from);
  const last = Math.min(to ?? currentYear, currentYear);
  if (first > last) return undefined;
  if (carType === 'used') {
    const year = currentYear - rng.weighted(USED_AGES);
    return year >= first && year <= last ? year : undefined;
  }
  if (to !== undefined) return undefined;
  const year =
    carType === 'new'
      ? rng.chance(0.82)
        ? currentYear
        : currentYear - 1
      : rng.chance(0.6)
        ? currentYear
        : currentYear - 1;
  return year >= first ? year : undefined;
}

function pickSpec<T extends { make: string; from: number; to?: number; pop?: number }>(
  rng: Rng,
  specs: readonly T[],
  carType: CarType,
  makes: readonly string[] | undefined,
  currentYear: number,
): { spec: T; year: number } {
  const pool = specs.filter((s) => !makes || makes.includes(s.make));
  for (;;) {
    const spec = rng.weighted(pool.map((s) => [s, s.pop ?? 1] as const));
    const year = chooseYear(rng, carType, spec.from, spec.to, currentYear);
    if (year !== undefined) return { spec, year };
  }
}

function kmFor(rng: Rng, carType: CarType, age: number, motorcycle: boolean): number {
  if (carType === 'new') return rng.int(0, motorcycle ? 20 : 50);
  if (carType === 'demo') return rng.int(motorcycle ? 50 : 100, motorcycle ? 3000 : 9000);
  if (age === 0) return rng.int(motorcycle ? 300 : 2500, motorcycle ? 4000 : 20000);
  const perYear = motorcycle ? rng.int(1500, 6000) : rng.int(8000, 17000);
  return Math.max(500, age * perYear + rng.int(-2000, 2000));
}

function priceFor(
  rng: Rng,
  build: Build,
  newPrice: number,
  year: number,
  km: number,
  depreciation: number,
  floor: number,
): number {
  if (build.carType === 'new') return roundPrice(newPrice * rng.float(0.98, 1.04));
  if (build.carType === 'demo') return roundPrice(newPrice * rng.float(0.86, 0.94));
  const age = build.currentYear - year;
  const kmAdjust = 1 - Math.min(0.15, Math.max(-0.08, (km - age * 15000) / 400000));
  return Math.max(floor, roundPrice(newPrice * 0.92 * Math.pow(depreciation, age) * kmAdjust * rng.float(0.94, 1.06)));
}

function buildDate(rng: Rng, year: number, now: Date): { build_date: string; compliance_date: string } {
  const lastMonth = year >= now.getUTCFullYear() ? Math.max(1, now.getUTCMonth()) : 12;
  const month = rng.int(1, lastMonth);
  const complianceMonth = Math.min(lastMonth, month + rng.int(0, 2));
  const mm = (m: number): string => String(m).padStart(2, '0');
  return { build_date: `${year}-${mm(month)}`, compliance_date: `${year}-${mm(complianceMonth)}` };
}

const INTROS = [
  (c: FeedCar) => `Just arrived: this ${c.name} in ${c.colour} is ready for its next owner.`,
  (c: FeedCar) =>
    `Looking for a dependable ${c.item_type === 'motorcycle' ? 'bike' : String(c.simple_body).toLowerCase()}? This ${c.name} ticks every box.`,
  (c: FeedCar) =>
    `Stand out in this ${String(c.colour).toLowerCase()} ${c.make} ${c.model}${c.badge ? ` ${c.badge}` : ''}.`,
  (c: FeedCar) => `Priced to sell, this ${c.name} won't last long.`,
];
const HISTORY = [
  'full service history',
  'logbook servicing up to date',
  'two keys and the owner manuals',
  'one previous owner',
  'new tyres all round',
];

function comments(rng: Rng, car: FeedCar, dealer: DealerDef, phone: string, long: boolean): string {
  const parts = [rng.pick(INTROS)(car)];
  if (car.car_type === 'used') {
    parts.push(`Travelled ${thousands(car.km ?? 0)} km with ${rng.pick(HISTORY)} and ${rng.pick(HISTORY)}.`);
  } else {
    parts.push(
      car.car_type === 'new'
        ? 'Brand new with the full factory warranty.'
        : `A demonstrator with just ${thousands(car.km ?? 0)} km and the balance of the factory warranty.`,
    );
  }
  if (long && car.standardEquipment) parts.push(`Features include ${car.standardEquipment.slice(0, 12).join(', ')}.`);
  parts.push(
    `Finance is available and trade-ins are welcome. Call ${dealer.name} on ${phone} to book a test drive today.`,
  );
  return parts.join('\n\n');
}

function lifecycle(rng: Rng, car: FeedCar, now: number): void {
  const r = rng.next();
  const status: FeedCar['status'] =
    r < 0.79 ? 'in_stock' : r < 0.84 ? 'coming_soon' : r < 0.87 ? 'reserved' : r < 0.985 ? 'sold' : 'other';
  car.status = status;
  car.reserved = status === 'reserved' || (status === 'in_stock' && rng.chance(0.01));
  let createdDaysAgo = rng.chance(0.15) ? rng.float(0, 8) : rng.float(8, 120);
  if (status === 'coming_soon') createdDaysAgo = rng.float(0, 20);
  if (status === 'sold') {
    const soldDaysAgo = rng.chance(0.5) ? rng.float(0.05, 2.95) : rng.float(3.5, 90);
    car.sold_date_timestamp = Math.floor((now - soldDaysAgo * DAY) / 1000);
    createdDaysAgo = rng.float(soldDaysAgo + 2, Math.max(soldDaysAgo + 3, 120));
    if (rng.chance(0.2)) car.tag = 'SOLD';
  }
  car.created_at = isoSeconds(now - createdDaysAgo * DAY);
}

function pricing(rng: Rng, car: FeedCar, price: number, motorcycle: boolean): void {
  car.price = price;
  const type = car.car_type;
  car.price_type = motorcycle
    ? rng.chance(0.8)
      ? 'Ride Away'
      : 'Excl. Government Charges'
    : rng.chance(type === 'demo' ? 0.95 : type === 'new' ? 0.8 : 0.7)
      ? 'Drive Away'
      : 'Excl. Government Charges';
  car.preorder = type === 'new' && car.status === 'coming_soon' && rng.chance(0.35);
  if ((car.preorder && rng.chance(0.5)) || rng.chance(0.01)) {
    car.price = 0;
    return;
  }
  if (rng.chance(0.1)) car.before_price = price + rng.int(5, 50) * 100;
  if (rng.chance(0.05)) car.offer_price = price - Math.min(rng.int(5, 30) * 100, Math.round(price / 1000) * 100);
  if (!motorcycle && type !== 'used' && rng.chance(0.05))
    car.subscription_price = Math.round(price / 260 / 10) * 10 + 9;
}

function registration(rng: Rng, car: FeedCar, state: FeedStateCode, now: number): void {
  if (car.car_type === 'new' || (car.car_type === 'demo' && rng.chance(0.5))) return;
  car.regplate = regplate(rng, state);
  car.rego_expiry = ymd(now + rng.int(-60, 330) * DAY);
}

function carBase(rng: Rng, build: Build, chosen: Chosen, motorcycle: boolean): FeedCar {
  const { id, dealer, location } = build;
  const badge = chosen.badge === 'Standard' ? '' : chosen.badge;
  const address = location.address;
  return {
    id,
    slug: slugify(`${chosen.year}-${chosen.make}-${chosen.model}-${badge}-${id}`),
    name: [chosen.year, chosen.make, chosen.model, badge].filter(Boolean).join(' '),
    year: chosen.year,
    make: chosen.make,
    model: chosen.model,
    ...(badge ? { badge } : {}),
    ...(chosen.series ? { series: chosen.series } : {}),
    car_type: build.carType,
    status: 'in_stock',
    price: 0,
    item_type: motorcycle ? 'motorcycle' : 'car',
    dealership_id: dealer.id,
    dealership_slug: dealer.slug,
    location_id: location.id,
    ...(address ? { city: address.city, state: address.state } : {}),
    show_on_dealer_website: rng.chance(0.97),
  };
}

function finish(rng: Rng, car: FeedCar, build: Build, stock: string, images: FeedCarImage[]): void {
  const prefix = build.carType === 'new' ? 'N' : build.carType === 'demo' ? 'D' : 'U';
  car.stocknum = `${build.dealer.code}${prefix}${stock}`;
  car.images = images;
  car.photos_count = images.length;
  car.primary_image_url = at(images, 0).image.url;
  lifecycle(rng, car, build.now);
}

function makeCar(rng: Rng, build: Build, stock: string): FeedCar {
  const { dealer, carType, currentYear } = build;
  const makes = carType === 'used' ? undefined : dealer.newMakes;
  const { spec, year } = pickSpec(rng, CARS, carType, makes, currentYear);
  const badgeIndex = rng.int(0, spec.badges.length - 1);
  const level = spec.badges.length === 1 ? 0.5 : badgeIndex / (spec.badges.length - 1);
  const [lo, hi] = spec.price;
  const series = seriesFor(spec.series, year);
  const chosen: Chosen = {
    make: spec.make,
    model: spec.model,
    badge: at(spec.badges, badgeIndex),
    year,
    newPrice: lo + (hi - lo) * level,
    ...(series ? { series } : {}),
  };
  const car = carBase(rng, build, chosen, false);
  const age = currentYear - year;
  const km = kmFor(rng, carType, age, false);
  const palette =
    spec.make === 'Mazda' && carType !== 'used'
      ? MAZDA_COLOURS
      : spec.body === 'Ute' || spec.body === 'Cab Chassis' || spec.body === 'Van'
        ? [['White', 60] as const, ...GENERIC_COLOURS]
        : GENERIC_COLOURS;
  const colour = rng.weighted(palette);
  const tr = transmission(spec.alt && rng.chance(0.2) ? spec.alt : spec.tr, false);
  const depreciation = spec.fuel === 'Electric' ? 0.86 : spec.body === 'Ute' || spec.drive === '4x4' ? 0.94 : 0.93;
  Object.assign(car, {
    colour,
    interior_colour: rng.weighted(INTERIORS),
    ...tr,
    bodyconfiguration: spec.cfg,
    simple_body: spec.body,
    km,
    vin: vin(rng, spec.make, year, build.id, false),
    ...(build.id % 3 === 0 ? { nvic: nvicFor(build.id) } : {}),
    ...buildDate(rng, year, new Date(build.now)),
    fuel: FUEL_LABEL[spec.fuel],
    simple_fuel: spec.fuel,
    seats: spec.seats,
    doors: spec.doors,
    drive:
      spec.drive === 'RWD' && spec.fuel === 'Electric' && /Long Range|Performance|GT\b|Epiq|N$/.test(chosen.badge)
        ? 'AWD'
        : spec.drive,
    ...(spec.cc > 0 ? { engine_size: spec.cc, engine_size_litres: Math.round(spec.cc / 100) / 10 } : {}),
    certified: carType === 'used' && age <= 5 && km <= 100000 && rng.chance(0.12),
    standardEquipment: equipment(rng, spec, level),
  });
  if (rng.chance(0.85))
    car.variant = variant(
      rng,
      spec,
      year,
      tr.simple_transmission === 'Manual' ? 'Manual' : tr.gearnum === 1 ? 'Reduction Gear' : 'Sports Automatic',
    );
  if (car.variant && rng.chance(0.3)) {
    const [, , , , , , tare] = DIMENSIONS[spec.body];
    car.specifications = {
      body_length: car.variant.vehiclelength ?? 0,
      body_width: car.variant.vehiclewidth ?? 0,
      tare_weight: Math.round(tare * rng.float(0.95, 1.05)),
    };
  }
  const images = carImages(rng, slugify(spec.body), colour, CAR_VIEWS);
  finish(rng, car, build, stock, images);
  pricing(rng, car, priceFor(rng, build, chosen.newPrice, year, km, depreciation, 3990), false);
  tagCar(rng, car, currentYear);
  registration(rng, car, dealer.state, build.now);
  if (rng.chance(0.4)) car.dealercomments = comments(rng, car, dealer, phoneOf(build.location), rng.chance(0.4));
  else if (rng.chance(0.01)) car.dealercomments = '|';
  marketData(car);
  spinFrames(car);
  return car;
}

function makeBike(rng: Rng, build: Build, stock: string): FeedCar {
  const { dealer, carType, currentYear } = build;
  const { spec, year } = pickSpec(rng, BIKES, carType, undefined, currentYear);
  const badgeIndex = rng.int(0, spec.badges.length - 1);
  const level = spec.badges.length === 1 ? 0.5 : badgeIndex / (spec.badges.length - 1);
  const [lo, hi] = spec.price;
  const chosen: Chosen = {
    make: spec.make,
    model: spec.model,
    badge: at(spec.badges, badgeIndex),
    year,
    newPrice: lo + (hi - lo) * level,
  };
  const car = carBase(rng, build, chosen, true);
  const km = kmFor(rng, carType, currentYear - year, true);
  const colour = rng.chance(0.45) ? BIKE_COLOURS[spec.make] : rng.pick(['Black', 'White', 'Red', 'Grey', 'Blue']);
  const tr = transmission(spec.tr, true);
  Object.assign(car, {
    colour,
    ...tr,
    bodyconfiguration: spec.body,
    simple_body: spec.body,
    km,
    vin: vin(rng, spec.make, year, build.id, true),
    ...buildDate(rng, year, new Date(build.now)),
    fuel: 'Premium Unleaded Petrol',
    simple_fuel: 'Petrol',
    seats: spec.body === 'Dirt' ? 1 : 2,
    engine_size: spec.cc,
    engine_size_litres: Math.round(spec.cc / 100) / 10,
    certified: false,
    standardEquipment: BIKE_EQUIPMENT.slice(0, 3 + Math.round(level * 5) + rng.int(0, 2)),
    variant: {
      cylinders: spec.cyl,
      enginesize: spec.cc,
      enginesize_litres: Math.round(spec.cc / 100) / 10,
      induction: 'Aspirated',
      fuelcapacity:
        spec.body === 'Dirt' ? rng.int(6, 9) : spec.body === 'Adventure' ? rng.int(18, 23) : rng.int(11, 17),
      geartype: tr.simple_transmission,
    },
  });
  const images = carImages(rng, 'motorcycle', colour, BIKE_VIEWS);
  finish(rng, car, build, stock, images);
  pricing(rng, car, priceFor(rng, build, chosen.newPrice, year, km, 0.9, 2490), true);
  tagCar(rng, car, currentYear);
  registration(rng, car, dealer.state, build.now);
  if (rng.chance(0.35)) car.dealercomments = comments(rng, car, dealer, phoneOf(build.location), false);
  return car;
}

function tagCar(rng: Rng, car: FeedCar, currentYear: number): void {
  if (car.tag) return;
  if (car.car_type === 'new' && car.year < currentYear && rng.chance(0.6)) car.tag = 'runout sale';
  else if (car.car_type === 'demo' && rng.chance(0.25)) car.tag = 'Test Drive Only';
  else if (car.certified && rng.chance(0.7)) car.tag = 'Certified';
}

const phoneOf = (location: FeedLocation): string => location.contact_detail?.phone ?? '';

function sellingLocations(locations: readonly FeedLocation[], dealerId: number, carType: CarType): FeedLocation[] {
  const own = locations.filter(
    (l) => l.dealership_id === dealerId && l.visible !== false && SELLING.has(l.location_type ?? ''),
  );
  const hasUsedYard = own.some((l) => l.location_type === 'used');
  const preferred = own.filter((l) =>
    carType === 'used' ? !(hasUsedYard && l.location_type === 'sales') : l.location_type !== 'used',
  );
  return preferred.length > 0 ? preferred : own;
}

/**
 * A 360° spin (24 frames, drawn locally), the interior panorama and hotspots for a quarter of the
 * in-stock cars, chosen by id; a walkaround video where one was made for the car's body and paint
 * (demo-data/walkaround-videos.ts); that video in the photo slider for some cars without a spin.
 */
function spinFrames(car: FeedCar): void {
  const first = car.images?.[0]?.image?.url;
  const match = first ? /^\/media\/vehicles\/([a-z0-9-]+)\/([a-z0-9-]+)\//.exec(first) : null;
  if (!match || car.status !== 'in_stock') return;
  const [, kind = '', colour = ''] = match;
  const video = walkaroundVideoUrl(kind, colour);
  if (car.id % 4 === 2 && video) car.video_url = video;
  if (car.id % 4 !== 0 || !isVehicleKind(kind)) return;
  car.spin_images = Array.from(
    { length: 24 },
    (_, i) => `/media/vehicles/${kind}/${colour}/spin-${String(i).padStart(2, '0')}.png`,
  );
  car.spin_interior_image = `/media/vehicles/${kind}/${colour}/interior-360.png`;
  car.hotspots = demoHotspots(kind);
  if (video) car.walkaround_videos = [{ url: video, title: 'Walkaround' }];
}

/**
 * Market averages for most used cars (catalogue §3 autograb_data), derived from the car's id so the
 * rest of the generated data stays as it was: some priced well below the market, some above.
 */
function marketData(car: FeedCar): void {
  if (car.car_type !== 'used' || car.price <= 0 || car.id % 10 >= 7) return;
  const spread = ((car.id * 7919) % 23) / 100 - 0.06; // -6% .. +16% of the price
  const average = Math.round((car.price * (1 + spread)) / 10) * 10;
  const state =
    car.id % 3 === 0 ? undefined : Math.round((average * (1 + (((car.id * 104729) % 7) - 3) / 100)) / 10) * 10;
  (car as FeedCar & { autograb_data?: unknown }).autograb_data = {
    average_market_price: average,
    ...(state ? { state_average_market_price: state } : {}),
  };
}

function buildCars(rng: Rng, locations: readonly FeedLocation[], now: Date): FeedCar[] {
  const cars: FeedCar[] = [];
  let nextId = 100001;
  for (const dealer of DEALERS) {
    let stockSeq = 10000 + dealer.id * 1000;
    for (let i = 0; i < dealer.count; i++) {
      const carType = rng.weighted<CarType>([
        ['new', dealer.mix[0]],
        ['demo', dealer.mix[1]],
        ['used', dealer.mix[2]],
      ]);
      stockSeq += rng.int(1, 4);
      const build: Build = {
        id: nextId++,
        dealer,
        location: rng.pick(sellingLocations(locations, dealer.id, carType)),
        carType,
        now: now.getTime(),
        currentYear: now.getUTCFullYear(),
      };
      cars.push(dealer.motorcycles ? makeBike(rng, build, String(stockSeq)) : makeCar(rng, build, String(stockSeq)));
    }
  }
  return cars;
}

/** Raw feeds spell some makes and models differently; import normalises them (catalogue §9). */
const RAW_FORMS: ReadonlyArray<readonly [match: (c: FeedCar) => boolean, apply: (c: FeedCar) => void, count: number]> =
  [
    [
      (c) => c.make === 'Mazda' && c.model === 'Mazda3',
      (c) => {
        c.model = '3';
      },
      4,
    ],
    [
      (c) => c.make === 'Mazda' && c.model === 'Mazda2',
      (c) => {
        c.model = '2';
      },
      3,
    ],
    [
      (c) => c.make === 'MG' && c.model === 'MG3',
      (c) => {
        c.model = '3';
      },
      3,
    ],
    [
      (c) => c.make === 'Mercedes-Benz',
      (c) => {
        c.make = 'Mercedes Benz';
      },
      3,
    ],
    [
      (c) => c.make === 'Suzuki' && c.item_type === 'car',
      (c) => {
        c.make = 'Suzuki Australia';
      },
      3,
    ],
    [
      (c) => c.make === 'Isuzu',
      (c) => {
        c.make = 'Isuzu UTE';
      },
      4,
    ],
  ];

function applyRawForms(cars: FeedCar[]): void {
  for (const [match, apply, count] of RAW_FORMS) {
    const matches = cars.filter(match);
    const step = Math.max(1, Math.floor(matches.length / count));
    for (let i = 0; i < count && i * step < matches.length; i++) apply(at(matches, i * step));
  }
}

export function generateDemoFeed(options: GenerateOptions = {}): DemoFeed {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? new Date();
  const locations = buildLocations(new Rng(seed), now);
  const cars = buildCars(new Rng(seed ^ 0x5bd1e995), locations, now);
  applyRawForms(cars);
  return { schemaVersion: 1, dealerships: buildDealerships(), locations, cars };
}

/** Every distinct placeholder image the feed's cars reference, with the colour to draw it in. */
export function listDemoImages(feed: Pick<DemoFeed, 'cars'>): DemoImage[] {
  const names = new Map(Object.keys(COLOURS).map((name) => [slugify(name), name]));
  const seen = new Map<string, DemoImage>();
  for (const car of feed.cars) {
    for (const { image } of car.images ?? []) {
      const match = IMAGE_PATH.exec(image.url);
      if (!match || seen.has(image.url)) continue;
      const [, kind = '', colour = '', view = 'front'] = match;
      const colourName = names.get(colour) ?? colour;
      seen.set(image.url, {
        kind,
        colour,
        colourName,
        hex: COLOURS[colourName] ?? '#808080',
        view: view as ImageView,
        url: image.url,
      });
    }
  }
  return [...seen.values()].sort((a, b) => a.url.localeCompare(b.url));
}
