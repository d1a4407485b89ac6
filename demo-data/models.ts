/**
 * The demo model catalogue (issue 9): manufacturers of the demo sites' brands and their current
 * models, variants and colours, in the model-import format (schemas/feed.schema.json `manufacturers`,
 * `models`). Pictures are drawn locally by the media route from the colour's paint
 * (/media/vehicles/{kind}/hex-{rrggbb}/side.png). Prices are indicative drive-away ranges.
 */
import type { FeedManufacturer, FeedModel, FeedModelColour, FeedModelVariant } from '../schemas/types.generated';

type Kind = 'suv' | 'ute' | 'hatch' | 'sedan' | 'wagon' | 'convertible' | 'cab-chassis' | 'people-mover';
type OemBody = NonNullable<FeedModelColour['oem_id']>;
type Paint = readonly [name: string, hex: string];

interface VariantDef {
  name: string;
  series?: string;
  from?: number;
  to?: number;
  features: readonly string[];
  /** Body types this variant's colour photos come in (default: the model's). */
  bodies?: readonly OemBody[];
}

interface ModelDef {
  make: string;
  name: string;
  kind: Kind;
  body: NonNullable<FeedModel['body']>;
  oem: OemBody;
  description: string;
  status?: 'coming_soon';
  paints: readonly Paint[];
  variants: readonly VariantDef[];
}

const MAKES = [
  'Mazda',
  'Toyota',
  'Ford',
  'Hyundai',
  'Kia',
  'Mitsubishi',
  'Nissan',
  'Isuzu',
  'MG',
  'Subaru',
  'Volkswagen',
  'Tesla',
] as const;

const MAZDA_PAINTS: readonly Paint[] = [
  ['Soul Red Crystal', '#9d1420'],
  ['Machine Grey', '#5c6066'],
  ['Polymetal Grey', '#7a8088'],
  ['Deep Crystal Blue', '#1c3566'],
  ['Snowflake White Pearl', '#eef0ee'],
  ['Jet Black', '#121314'],
  ['Sonic Silver', '#a7acb1'],
  ['Platinum Quartz', '#b9b1a4'],
];
const BT50_PAINTS: readonly Paint[] = [
  ['Ice White', '#f1f2ef'],
  ['Ingot Silver', '#b4b7ba'],
  ['Concrete Grey', '#8a8d8f'],
  ['Rock Grey', '#55595c'],
  ['True Black', '#16171a'],
  ['Red Spinel', '#8e1b22'],
  ['Gravity Blue', '#2a3f5c'],
];
const PLAIN_PAINTS: readonly Paint[] = [
  ['Crystal White', '#f3f3f1'],
  ['Silver Metallic', '#b5b9bd'],
  ['Graphite Grey', '#4f5458'],
  ['Ocean Blue', '#1f4e8c'],
  ['Sunset Red', '#a8232b'],
];

const SAFETY = [
  '<strong>Autonomous Emergency Braking</strong> with pedestrian and cyclist detection',
  'Lane-keep assist and lane departure warning',
  'Blind spot monitoring with rear cross-traffic alert',
  'Adaptive cruise control with stop and go',
];
const COMFORT = [
  'Wireless Apple CarPlay and Android Auto',
  'Dual-zone climate control',
  '360-degree view monitor',
  'Heated front seats',
  'Power tailgate',
  'Head-up display',
  '<em>Bose</em> 10-speaker premium sound',
  'Leather-appointed seats',
  '19-inch alloy wheels',
  'Hands-free keyless entry',
];

const features = (extra: number, own: readonly string[] = []) => [...own, ...SAFETY, ...COMFORT.slice(0, extra)];

const MODELS: readonly ModelDef[] = [
  {
    make: 'Mazda',
    name: 'CX-5',
    kind: 'suv',
    body: 'suv',
    oem: 'wagon',
    paints: MAZDA_PAINTS,
    description:
      'The mid-size SUV that has been Australia’s favourite for years: refined, roomy and a pleasure to drive.',
    variants: [
      {
        name: 'CX-5 G20 Maxx',
        series: 'KF',
        from: 37990,
        to: 39990,
        features: features(1, ['2.0-litre petrol, front-wheel drive']),
      },
      {
        name: 'CX-5 G25 Maxx Sport',
        series: 'KF',
        from: 42990,
        to: 45490,
        features: features(4, ['2.5-litre petrol, all-wheel drive']),
      },
      {
        name: 'CX-5 G25 Touring',
        series: 'KF',
        from: 46490,
        to: 48990,
        features: features(6, ['2.5-litre petrol, all-wheel drive']),
      },
      {
        name: 'CX-5 G25 GT SP',
        series: 'KF',
        from: 51990,
        to: 54490,
        features: features(8, ['2.5-litre petrol, all-wheel drive']),
      },
      {
        name: 'CX-5 G35 Akera',
        series: 'KF',
        from: 57490,
        to: 59990,
        features: features(10, ['2.5-litre turbo petrol, all-wheel drive']),
      },
    ],
  },
  {
    make: 'Mazda',
    name: 'CX-30',
    kind: 'suv',
    body: 'suv',
    oem: 'wagon',
    paints: MAZDA_PAINTS.slice(0, 6),
    description: 'A compact SUV with the poise of a hatch and room for a weekend away.',
    variants: [
      { name: 'CX-30 G20 Pure', series: 'DM', from: 34990, to: 36490, features: features(1) },
      { name: 'CX-30 G20 Evolve', series: 'DM', from: 37490, to: 38990, features: features(3) },
      { name: 'CX-30 G25 Astina', series: 'DM', from: 46990, to: 48990, features: features(8) },
    ],
  },
  {
    make: 'Mazda',
    name: 'Mazda3',
    kind: 'hatch',
    body: 'hatch',
    oem: 'hatch',
    paints: MAZDA_PAINTS.slice(0, 6),
    description: 'Small car, big on craftsmanship: the Mazda3 comes as a hatch or a sedan.',
    variants: [
      {
        name: 'Mazda3 G20 Pure',
        series: 'BP',
        from: 31990,
        to: 33490,
        features: features(2),
        bodies: ['hatch', 'sedan'],
      },
      {
        name: 'Mazda3 G25 GT',
        series: 'BP',
        from: 39990,
        to: 41490,
        features: features(7),
        bodies: ['hatch', 'sedan'],
      },
    ],
  },
  {
    make: 'Mazda',
    name: 'MX-5',
    kind: 'convertible',
    body: 'convertible',
    oem: '2_door',
    paints: MAZDA_PAINTS.slice(0, 5),
    description: 'The two-seat roadster: light, balanced and made for a winding road.',
    variants: [
      {
        name: 'MX-5 GT RS Roadster',
        series: 'ND',
        from: 54990,
        to: 56490,
        features: features(5, ['2.0-litre petrol, 6-speed manual', 'Bilstein dampers and Brembo front brakes']),
      },
    ],
  },
  {
    make: 'Mazda',
    name: 'BT-50',
    kind: 'ute',
    body: 'ute',
    oem: 'dual_cab',
    paints: BT50_PAINTS,
    description: 'A tough 3.0-litre turbo-diesel ute for work during the week and the track at the weekend.',
    variants: [
      {
        name: 'BT-50 XS',
        series: 'TF',
        from: 41990,
        to: 44490,
        features: features(0, ['1.9-litre turbo-diesel']),
        bodies: ['single_cab', 'dual_cab'],
      },
      {
        name: 'BT-50 XT',
        series: 'TF',
        from: 45990,
        to: 56990,
        features: features(2, ['3.0-litre turbo-diesel, 3,500 kg braked towing']),
        bodies: ['single_cab', 'extra_cab', 'dual_cab'],
      },
      {
        name: 'BT-50 XTR',
        series: 'TF',
        from: 60990,
        to: 62990,
        features: features(5, ['3.0-litre turbo-diesel, 4x4']),
      },
      {
        name: 'BT-50 GT',
        series: 'TF',
        from: 65990,
        to: 67990,
        features: features(9, ['3.0-litre turbo-diesel, 4x4']),
      },
    ],
  },
  {
    make: 'Mazda',
    name: 'CX-60',
    kind: 'suv',
    body: 'suv',
    oem: 'wagon',
    paints: MAZDA_PAINTS.slice(0, 5),
    description: 'Mazda’s premium mid-size SUV with inline-six and plug-in hybrid power.',
    variants: [
      { name: 'CX-60 G40e Evolve', series: 'KH', from: 62990, to: 65990, features: features(6) },
      { name: 'CX-60 D50e GT', series: 'KH', from: 71990, to: 74990, features: features(8) },
      { name: 'CX-60 P50e Azami', series: 'KH', from: 83990, to: 86990, features: features(10) },
    ],
  },
  {
    make: 'Mazda',
    name: 'CX-90',
    kind: 'suv',
    body: 'suv',
    oem: 'wagon',
    status: 'coming_soon',
    paints: MAZDA_PAINTS.slice(0, 4),
    description: 'The seven-seat flagship arrives soon. Register your interest and we will be in touch first.',
    variants: [
      { name: 'CX-90 G50e Touring', series: 'KK', features: features(6) },
      { name: 'CX-90 D50e Azami', series: 'KK', features: features(10) },
    ],
  },
  ...(
    [
      ['Toyota', 'RAV4', 'suv', 'suv', 'wagon', 39990, ['GX', 'GXL', 'Cruiser']],
      ['Toyota', 'HiLux', 'ute', 'ute', 'dual_cab', 52990, ['SR', 'SR5', 'Rogue']],
      ['Ford', 'Ranger', 'ute', 'ute', 'dual_cab', 56990, ['XLT', 'Sport', 'Wildtrak']],
      ['Ford', 'Everest', 'suv', 'suv', 'wagon', 58990, ['Ambiente', 'Trend', 'Platinum']],
      ['Hyundai', 'Tucson', 'suv', 'suv', 'wagon', 38990, ['Elite', 'N Line', 'Highlander']],
      ['Hyundai', 'i30', 'hatch', 'hatch', 'hatch', 29990, ['Active', 'Elite']],
      ['Kia', 'Sportage', 'suv', 'suv', 'wagon', 37990, ['S', 'SX', 'GT-Line']],
      ['Kia', 'Carnival', 'people-mover', 'peopleMover', 'wagon', 52990, ['S', 'Sport', 'Platinum']],
      ['Mitsubishi', 'Outlander', 'suv', 'suv', 'wagon', 39990, ['ES', 'LS', 'Exceed']],
      ['Mitsubishi', 'Triton', 'ute', 'ute', 'dual_cab', 47990, ['GLX', 'GLS']],
      ['Nissan', 'X-Trail', 'suv', 'suv', 'wagon', 40990, ['ST', 'ST-L', 'Ti']],
      ['Nissan', 'Navara', 'ute', 'ute', 'dual_cab', 49990, ['SL', 'ST-X', 'PRO-4X']],
      ['Isuzu', 'D-Max', 'ute', 'ute', 'dual_cab', 48990, ['SX', 'LS-U', 'X-Terrain']],
      ['Isuzu', 'MU-X', 'suv', 'suv', 'wagon', 52990, ['LS-M', 'LS-U', 'LS-T']],
      ['MG', 'ZS', 'suv', 'suv', 'wagon', 24990, ['Vibe', 'Excite', 'Essence']],
      ['MG', 'MG4', 'hatch', 'ev', 'hatch', 36990, ['Excite 51', 'Essence 64']],
      ['Subaru', 'Forester', 'suv', 'suv', 'wagon', 41990, ['2.5i', '2.5i-L', '2.5i-S']],
      ['Subaru', 'Outback', 'wagon', 'wagon', 'wagon', 46990, ['AWD', 'AWD Sport', 'AWD Touring']],
      ['Volkswagen', 'Tiguan', 'suv', 'suv', 'wagon', 48990, ['Life', 'Elegance', 'R-Line']],
      ['Volkswagen', 'Amarok', 'ute', 'ute', 'dual_cab', 58990, ['Core', 'Style', 'Aventura']],
      ['Tesla', 'Model 3', 'sedan', 'ev', 'sedan', 58990, ['Rear-Wheel Drive', 'Long Range']],
      ['Tesla', 'Model Y', 'suv', 'ev', 'wagon', 61990, ['Rear-Wheel Drive', 'Long Range', 'Performance']],
    ] as const
  ).map(([make, name, kind, body, oem, from, grades]): ModelDef => ({
    make,
    name,
    kind,
    body,
    oem,
    paints: PLAIN_PAINTS,
    description: `The ${make} ${name}, available to order through our ${make} team.`,
    variants: grades.map((grade, i) => ({
      name: `${name} ${grade}`,
      from: from + i * 5000,
      to: from + i * 5000 + 2500,
      features: features(2 + i * 3),
    })),
  })),
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const KIND_FOR_BODY: Partial<Record<OemBody, Kind>> = {
  single_cab: 'cab-chassis',
  extra_cab: 'ute',
  dual_cab: 'ute',
  sedan: 'sedan',
  hatch: 'hatch',
  wagon: 'suv',
};

function picture(kind: Kind, hex: string): string {
  return `/media/vehicles/${kind}/hex-${hex.slice(1).toLowerCase()}/side.png`;
}

/** Manufacturers and models for the demo sites' brands, with stable ids. */
export function demoModelCatalogue(): { manufacturers: FeedManufacturer[]; models: FeedModel[] } {
  const manufacturers: FeedManufacturer[] = MAKES.map((name, i) => ({ id: i + 1, name, slug: slug(name) }));
  const manufacturerId = new Map(manufacturers.map((m) => [m.name, m.id]));
  let variantId = 1;
  let colourId = 1;
  const models = MODELS.map((def, index): FeedModel => {
    const [firstPaint] = def.paints;
    const hex = firstPaint?.[1] ?? '#8b9096';
    const variants: FeedModelVariant[] = def.variants.map((v) => ({
      id: variantId++,
      full_name: v.name,
      ...(v.series ? { series: v.series } : {}),
      image: { url: picture(def.kind, hex) },
      features: [...v.features],
      ...(v.from !== undefined ? { dap_min_price: v.from } : {}),
      ...(v.to !== undefined ? { dap_max_price: v.to } : {}),
    }));
    const colours: FeedModelColour[] = def.variants.flatMap((v) =>
      (v.bodies ?? [def.oem]).flatMap((body) =>
        def.paints.map(([name, paint]) => ({
          id: colourId++,
          name,
          hexCode: paint,
          photo_url: picture(v.bodies ? (KIND_FOR_BODY[body] ?? def.kind) : def.kind, paint),
          oem_id: body,
          model_variant_name: v.name,
        })),
      ),
    );
    return {
      id: index + 1,
      manufacturer_id: manufacturerId.get(def.make) ?? 0,
      slug: slug(`${def.make} ${def.name}`),
      name: def.name,
      status: def.status ?? 'available',
      body: def.body,
      short_description: def.description,
      image: { url: picture(def.kind, hex) },
      position: index + 1,
      model_variants: variants,
      colours,
    };
  });
  return { manufacturers, models };
}
