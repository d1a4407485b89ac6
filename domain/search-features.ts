/**
 * Features a shopper can tick on the search page (catalogue §3 Search facets: filtered_features),
 * matched against the car's standard equipment (catalogue §3 Car: standardEquipment).
 *
 * The list is the platform's, not each site's: the search index is shared by every site and built
 * without knowing which site will search it (sites are published at any time from the Studio),
 * so each car is indexed with every feature of this list its equipment has, and a site chooses
 * which of them its filter panel offers (search.filteredFeatures). Adding a feature here, and to
 * the list in schemas/tenant.schema.json (a test keeps the two equal), makes it available to all.
 *
 * Matching: each equipment line is split at commas, semicolons, pipes and bullets (some feeds put
 * a whole list in one line); a feature matches a line when every word of one of its phrases is a
 * word of that line, in any order, ignoring case, punctuation and a plural 's' ('Heated front
 * seats' has the phrase 'heated seat'; 'Apple CarPlay & Android Auto' has both 'carplay' and
 * 'android auto'). Words, not substrings: 'cruise' does not match 'cruiser'.
 */
export interface SearchFeature {
  /** What the filter panel shows, and the value indexed, filtered on and put in search URLs. */
  label: string;
  /** Ways feeds write it; a line matches when it has every word of one phrase. */
  phrases: readonly string[];
}

export const SEARCH_FEATURES: readonly SearchFeature[] = [
  { label: 'Apple CarPlay', phrases: ['carplay', 'car play'] },
  { label: 'Android Auto', phrases: ['android auto'] },
  { label: 'Bluetooth', phrases: ['bluetooth'] },
  {
    label: 'Reversing camera',
    phrases: [
      'reversing camera',
      'reverse camera',
      'rear view camera',
      'rearview camera',
      'backup camera',
      '360 camera',
      'surround camera',
    ],
  },
  { label: '360-degree camera', phrases: ['360 camera', 'surround camera', 'around view monitor'] },
  { label: 'Parking sensors', phrases: ['parking sensor', 'park sensor', 'park distance control'] },
  { label: 'Cruise control', phrases: ['cruise'] },
  {
    label: 'Adaptive cruise control',
    phrases: ['adaptive cruise', 'radar cruise', 'active cruise', 'smart cruise', 'intelligent cruise'],
  },
  { label: 'Blind spot monitoring', phrases: ['blind spot'] },
  {
    label: 'Lane keep assist',
    phrases: ['lane keep', 'lane keeping', 'lane assist', 'lane centring', 'lane centering', 'lane trace'],
  },
  { label: 'Rear cross traffic alert', phrases: ['rear cross traffic'] },
  { label: 'Autonomous emergency braking', phrases: ['emergency braking', 'aeb', 'pre collision system'] },
  { label: 'Satellite navigation', phrases: ['navigation', 'sat nav', 'satnav', 'gps'] },
  { label: 'Climate control', phrases: ['climate'] },
  { label: 'Keyless entry', phrases: ['keyless entry', 'smart key', 'proximity key', 'smart entry', 'keyless access'] },
  {
    label: 'Push button start',
    phrases: ['push button start', 'push start', 'start button', 'keyless start', 'keyless ignition'],
  },
  { label: 'Wireless phone charger', phrases: ['wireless charger', 'wireless charging', 'qi charger'] },
  {
    label: 'Leather seats',
    phrases: ['leather seat', 'leather upholstery', 'leather trim', 'leather appointed', 'leather interior'],
  },
  { label: 'Heated seats', phrases: ['heated seat', 'seat heater', 'seat heating'] },
  { label: 'Ventilated seats', phrases: ['ventilated seat', 'cooled seat', 'seat ventilation'] },
  { label: 'Power seats', phrases: ['power seat', 'powered seat', 'electric seat', 'electrically adjustable seat'] },
  { label: 'Sunroof', phrases: ['sunroof', 'sun roof', 'moonroof', 'moon roof', 'panoramic roof', 'glass roof'] },
  { label: 'Head-up display', phrases: ['head up display', 'heads up display', 'hud'] },
  {
    label: 'Premium sound system',
    phrases: ['premium sound', 'premium audio', 'premium speaker', 'bose', 'harman kardon', 'jbl', 'burmester'],
  },
  { label: 'LED headlights', phrases: ['led headlight', 'led headlamp', 'led head light', 'led head lamp'] },
  { label: 'Alloy wheels', phrases: ['alloy wheel', 'alloy rim', 'mag wheel'] },
  { label: 'Tow bar', phrases: ['tow bar', 'towbar', 'tow hitch', 'tow pack', 'towing pack', 'tow ball', 'towball'] },
  { label: 'Roof rails', phrases: ['roof rail'] },
  {
    label: 'Power tailgate',
    phrases: ['power tailgate', 'powered tailgate', 'electric tailgate', 'power liftgate', 'hands free tailgate'],
  },
  { label: 'Hill descent control', phrases: ['hill descent'] },
  { label: 'Rear diff lock', phrases: ['diff lock', 'differential lock', 'locking differential', 'locking diff'] },
  { label: 'Fast charging', phrases: ['fast charging', 'dc charging', 'rapid charging', 'fast charge'] },
  { label: 'Vehicle-to-load', phrases: ['vehicle to load', 'v2l'] },
];

/** Lower-case words of a text: punctuation splits words, and a plural 's' is dropped ('seats' -> 'seat'). */
export function equipmentWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

/** Each feature's phrases as word lists, worked out once. */
const COMPILED = SEARCH_FEATURES.map((feature) => ({
  label: feature.label,
  phrases: feature.phrases.map(equipmentWords),
}));

/** Separators of items that some feeds pack into one equipment line. */
const ITEM_SEPARATOR = /[,;|•\n\r]+/;

/** The features (indexes into COMPILED) one equipment item has. */
function itemFeatures(item: string): number[] {
  const words = new Set(equipmentWords(item));
  if (!words.size) return [];
  const found: number[] = [];
  COMPILED.forEach((feature, index) => {
    if (feature.phrases.some((phrase) => phrase.length > 0 && phrase.every((word) => words.has(word))))
      found.push(index);
  });
  return found;
}

/**
 * Equipment line -> the features it has. Lines repeat from car to car ('Reversing Camera'), and
 * this runs for every car at every rebuild of the index, so each distinct line is read once:
 * 20,000 cars then take a few tens of milliseconds. Emptied when it holds too many lines.
 */
const LINE_CACHE = new Map<string, readonly number[]>();
const LINE_CACHE_SIZE = 20_000;

function lineFeatures(line: string): readonly number[] {
  let found = LINE_CACHE.get(line);
  if (!found) {
    found = line.split(ITEM_SEPARATOR).flatMap(itemFeatures);
    if (LINE_CACHE.size >= LINE_CACHE_SIZE) LINE_CACHE.clear();
    LINE_CACHE.set(line, found);
  }
  return found;
}

/** The features (SEARCH_FEATURES labels, in that order) a car's standard equipment has; empty when none. */
export function featuresOf(equipment: readonly unknown[] | null | undefined): string[] {
  if (!Array.isArray(equipment) || equipment.length === 0) return [];
  const has = new Uint8Array(COMPILED.length);
  for (const line of equipment) if (typeof line === 'string') for (const index of lineFeatures(line)) has[index] = 1;
  return COMPILED.flatMap((feature, index) => (has[index] ? [feature.label] : []));
}

/** The feature a URL names, compared case-insensitively as facet values are. */
export function findFeature(label: string): SearchFeature | undefined {
  const wanted = label.trim().toLowerCase();
  return SEARCH_FEATURES.find((feature) => feature.label.toLowerCase() === wanted);
}
