import type { PlatformDb } from '../db/database';
import type { FeedCar, FeedDealership, FeedDocument, FeedLocation, FeedManufacturer, FeedModel } from '../../schemas/types.generated';
import { getValidators } from '../../engine/ajv';
import { toIssues, type ValidationIssue } from '../../engine/validation-messages';
import { normaliseVehicle } from '../../domain/normalise-vehicle';

export interface ImportOptions {
  /** Name shown in messages and stored in the import log. */
  file: string;
  /** Withdraw cars of the feed's dealerships that the feed no longer contains. */
  replace?: boolean;
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

export type ImportResult =
  | { ok: true; dealerships: number; locations: number; cars: number; withdrawn: number; normalised: number; manufacturers: number; models: number }
  | { ok: false; issues: ValidationIssue[] };

const BATCH = 500;

/** References the schema cannot express: every car and location points at a known dealership and location. */
async function checkReferences(db: PlatformDb, file: string, doc: FeedDocument): Promise<ValidationIssue[]> {
  const dealershipIds = new Set((doc.dealerships ?? []).map((d) => d.id));
  for (const row of await db.selectFrom('dealerships').select('id').execute()) dealershipIds.add(row.id);
  const locationDealer = new Map((doc.locations ?? []).map((l) => [l.id, l.dealership_id]));
  for (const row of await db.selectFrom('locations').select(['id', 'dealership_id']).execute()) {
    if (!locationDealer.has(row.id)) locationDealer.set(row.id, row.dealership_id);
  }
  const issues: ValidationIssue[] = [];
  const duplicates = (records: Array<{ id: number; slug?: string }> | undefined, name: string) => {
    const seenIds = new Map<number, number>();
    const seenSlugs = new Map<string, number>();
    records?.forEach((r, i) => {
      const previous = seenIds.get(r.id);
      if (previous !== undefined) issues.push({ file, pointer: `/${name}/${i}/id`, message: `id ${r.id} appears twice (also at /${name}/${previous})` });
      seenIds.set(r.id, i);
      if (r.slug === undefined) return;
      const previousSlug = seenSlugs.get(r.slug);
      if (previousSlug !== undefined) issues.push({ file, pointer: `/${name}/${i}/slug`, message: `slug "${r.slug}" appears twice (also at /${name}/${previousSlug})` });
      seenSlugs.set(r.slug, i);
    });
  };
  duplicates(doc.dealerships, 'dealerships');
  duplicates(doc.locations, 'locations');
  duplicates(doc.cars, 'cars');
  duplicates(doc.manufacturers, 'manufacturers');
  duplicates(doc.models, 'models');
  issues.push(...(await checkModelReferences(db, file, doc)));
  doc.locations?.forEach((l, i) => {
    if (!dealershipIds.has(l.dealership_id)) issues.push({ file, pointer: `/locations/${i}/dealership_id`, message: `expected the id of a known dealership, found ${l.dealership_id}` });
  });
  doc.cars?.forEach((c, i) => {
    if (!dealershipIds.has(c.dealership_id)) issues.push({ file, pointer: `/cars/${i}/dealership_id`, message: `expected the id of a known dealership, found ${c.dealership_id}` });
    if (c.location_id === undefined) return;
    const owner = locationDealer.get(c.location_id);
    if (owner === undefined) issues.push({ file, pointer: `/cars/${i}/location_id`, message: `expected the id of a known location, found ${c.location_id}` });
    else if (owner !== c.dealership_id) issues.push({ file, pointer: `/cars/${i}/location_id`, message: `location ${c.location_id} belongs to dealership ${owner}, not to the car's dealership ${c.dealership_id}` });
  });
  return issues;
}

/** Models name a known manufacturer; each colour names a variant of its own model; variant ids are unique. */
async function checkModelReferences(db: PlatformDb, file: string, doc: FeedDocument): Promise<ValidationIssue[]> {
  if (!doc.models?.length) return [];
  const manufacturerIds = new Set((doc.manufacturers ?? []).map((m) => m.id));
  for (const row of await db.selectFrom('manufacturers').select('id').execute()) manufacturerIds.add(row.id);
  const issues: ValidationIssue[] = [];
  const variantIds = new Map<number, string>();
  doc.models.forEach((model, i) => {
    if (!manufacturerIds.has(model.manufacturer_id)) issues.push({ file, pointer: `/models/${i}/manufacturer_id`, message: `expected the id of a known manufacturer, found ${model.manufacturer_id}` });
    const names = new Set<string>();
    model.model_variants.forEach((variant, j) => {
      const previous = variantIds.get(variant.id);
      if (previous !== undefined) issues.push({ file, pointer: `/models/${i}/model_variants/${j}/id`, message: `variant id ${variant.id} appears twice (also at ${previous})` });
      variantIds.set(variant.id, `/models/${i}/model_variants/${j}`);
      names.add(variant.full_name);
      if (variant.dap_min_price !== undefined && variant.dap_max_price !== undefined && variant.dap_min_price > variant.dap_max_price) {
        issues.push({ file, pointer: `/models/${i}/model_variants/${j}/dap_max_price`, message: `expected at least dap_min_price (${variant.dap_min_price}), found ${variant.dap_max_price}` });
      }
    });
    model.colours?.forEach((colour, j) => {
      if (!names.has(colour.model_variant_name)) issues.push({ file, pointer: `/models/${i}/colours/${j}/model_variant_name`, message: `expected the full_name of one of this model's variants, found "${colour.model_variant_name}"` });
    });
  });
  return issues;
}

function manufacturerRow(m: FeedManufacturer, at: string) {
  return { id: m.id, slug: m.slug, name: m.name, data: JSON.stringify(m), updated_at: at };
}

function modelRow(m: FeedModel, at: string) {
  return { id: m.id, manufacturer_id: m.manufacturer_id, slug: m.slug, name: m.name, status: m.status ?? 'available', body: m.body ?? null, position: m.position ?? null, data: JSON.stringify(m), updated_at: at };
}

function dealershipRow(d: FeedDealership, at: string) {
  return { id: d.id, slug: d.slug, name: d.name, make: d.make ?? null, data: JSON.stringify(d), updated_at: at };
}

function locationRow(l: FeedLocation, at: string) {
  return { id: l.id, dealership_id: l.dealership_id, slug: l.slug, name: l.name, location_type: l.location_type ?? '', state: l.address?.state ?? null, visible: l.visible === false ? 0 : 1, data: JSON.stringify(l), updated_at: at };
}

function carRow(c: FeedCar, at: string) {
  return {
    id: c.id,
    slug: c.slug,
    dealership_id: c.dealership_id,
    location_id: c.location_id ?? null,
    car_type: c.car_type,
    status: c.status,
    make: c.make,
    model: c.model,
    year: c.year,
    price: c.price,
    km: c.km ?? null,
    simple_body: c.simple_body ?? null,
    created_at: c.created_at ?? null,
    sold_at: c.status === 'sold' ? (c.sold_date_timestamp ?? null) : null,
    show_on_dealer_website: c.show_on_dealer_website === false ? 0 : 1,
    withdrawn_at: null,
    data: JSON.stringify(c),
    updated_at: at,
  };
}

/**
 * Imports a feed document all-or-nothing: it is validated first (every bad record is reported with
 * its JSON pointer) and nothing is written when any record is invalid; then one transaction upserts
 * by id and, with `replace`, withdraws the feed dealerships' cars that the feed no longer has.
 */
export async function importFeed(db: PlatformDb, input: unknown, options: ImportOptions): Promise<ImportResult> {
  const validate = getValidators().feed;
  if (!validate(input)) return { ok: false, issues: toIssues(options.file, validate.errors) };
  const doc = input as FeedDocument;
  const referenceIssues = await checkReferences(db, options.file, doc);
  if (referenceIssues.length) return { ok: false, issues: referenceIssues };

  const at = (options.now ?? new Date()).toISOString();
  let normalised = 0;
  const cars = (doc.cars ?? []).map((car) => {
    const clean = normaliseVehicle(car);
    if (clean.make !== car.make || clean.model !== car.model) normalised++;
    return clean;
  });
  const total = (doc.dealerships?.length ?? 0) + (doc.locations?.length ?? 0) + cars.length + (doc.manufacturers?.length ?? 0) + (doc.models?.length ?? 0);
  let done = 0;
  let withdrawn = 0;
  await db.transaction().execute(async (trx) => {
    const upsert = async <T extends { id: number }>(table: 'dealerships' | 'locations' | 'cars' | 'manufacturers' | 'models', rows: T[]) => {
      for (let i = 0; i < rows.length; i += BATCH) {
        const batch = rows.slice(i, i + BATCH);
        await trx
          .insertInto(table)
          .values(batch as never)
          .onConflict((oc) => oc.column('id').doUpdateSet((eb) => Object.fromEntries(Object.keys(batch[0] ?? {}).filter((k) => k !== 'id').map((k) => [k, eb.ref(`excluded.${k}` as never)])) as never))
          .execute();
        done += batch.length;
        options.onProgress?.(done, total);
      }
    };
    await upsert('dealerships', (doc.dealerships ?? []).map((d) => dealershipRow(d, at)));
    await upsert('locations', (doc.locations ?? []).map((l) => locationRow(l, at)));
    await upsert('cars', cars.map((c) => carRow(c, at)));
    await upsert('manufacturers', (doc.manufacturers ?? []).map((m) => manufacturerRow(m, at)));
    await upsert('models', (doc.models ?? []).map((m) => modelRow(m, at)));
    if (options.replace) {
      const dealers = [...new Set([...(doc.dealerships ?? []).map((d) => d.id), ...cars.map((c) => c.dealership_id)])];
      const keep = new Set(cars.map((c) => c.id));
      if (dealers.length) {
        const current = await trx.selectFrom('cars').select('id').where('dealership_id', 'in', dealers).where('withdrawn_at', 'is', null).execute();
        const gone = current.map((r) => r.id).filter((id) => !keep.has(id));
        for (let i = 0; i < gone.length; i += BATCH) {
          await trx.updateTable('cars').set({ withdrawn_at: at, updated_at: at }).where('id', 'in', gone.slice(i, i + BATCH)).execute();
        }
        withdrawn = gone.length;
      }
    }
    await trx
      .insertInto('imports')
      .values({ file: options.file, started_at: at, finished_at: new Date().toISOString(), dealerships: doc.dealerships?.length ?? 0, locations: doc.locations?.length ?? 0, cars: cars.length, withdrawn })
      .execute();
  });
  return { ok: true, dealerships: doc.dealerships?.length ?? 0, locations: doc.locations?.length ?? 0, cars: cars.length, withdrawn, normalised, manufacturers: doc.manufacturers?.length ?? 0, models: doc.models?.length ?? 0 };
}
