/**
 * The new-model catalogue from the model import (manufacturers, models with variants and colours),
 * always read for a site's own manufacturers.
 */
import type { FeedManufacturer, FeedModel } from '../../schemas/types.generated';
import { getDatabase } from '../db/database';

export type Manufacturer = FeedManufacturer;
export type Model = FeedModel;

/**
 * A stored model as the pages read it: a model with no image of its own shows its image on the
 * manufacturer's image service (conversion §3 Model cloudfront_new_image_url).
 */
export function readModel(data: string): Model {
  const model = JSON.parse(data) as Model;
  if (model.image || !model.cloudfront_new_image_url) return model;
  return { ...model, image: { url: model.cloudfront_new_image_url } };
}

export interface SiteModel {
  model: Model;
  manufacturer: Manufacturer;
}

async function manufacturerRows(slugs: readonly string[]): Promise<Manufacturer[]> {
  if (!slugs.length) return [];
  const db = await getDatabase();
  const rows = await db
    .selectFrom('manufacturers')
    .select('data')
    .where('slug', 'in', [...slugs])
    .execute();
  return rows.map((row) => JSON.parse(row.data) as Manufacturer);
}

/** The models of these manufacturers, in their catalogue order (then any without a place in it); optionally one body type only. */
export async function siteModels(manufacturerSlugs: readonly string[], body?: string): Promise<SiteModel[]> {
  const manufacturers = await manufacturerRows(manufacturerSlugs);
  if (!manufacturers.length) return [];
  const byId = new Map(manufacturers.map((m) => [m.id, m]));
  const db = await getDatabase();
  let query = db
    .selectFrom('models')
    .select('data')
    .where('manufacturer_id', 'in', [...byId.keys()]);
  if (body) query = query.where('body', '=', body);
  // Said outright where the models without a position go (after the catalogue's own order, by
  // name): SQLite puts NULL first in an ascending order and PostgreSQL puts it last.
  const rows = await query
    .orderBy('position', (ob) => ob.asc().nullsLast())
    .orderBy('name')
    .execute();
  return rows.flatMap((row) => {
    const model = readModel(row.data);
    const manufacturer = byId.get(model.manufacturer_id);
    return manufacturer ? [{ model, manufacturer }] : [];
  });
}

/** A model by slug, only when it belongs to one of these manufacturers. */
export async function siteModel(manufacturerSlugs: readonly string[], slug: string): Promise<SiteModel | undefined> {
  const manufacturers = await manufacturerRows(manufacturerSlugs);
  if (!manufacturers.length) return undefined;
  const db = await getDatabase();
  const row = await db.selectFrom('models').select('data').where('slug', '=', slug).executeTakeFirst();
  if (!row) return undefined;
  const model = readModel(row.data);
  const manufacturer = manufacturers.find((m) => m.id === model.manufacturer_id);
  return manufacturer ? { model, manufacturer } : undefined;
}

/** The body types the site's models come in, for the /models?body= filter. */
export async function siteModelBodies(manufacturerSlugs: readonly string[]): Promise<string[]> {
  const models = await siteModels(manufacturerSlugs);
  return [...new Set(models.map(({ model }) => model.body).filter((b): b is NonNullable<Model['body']> => Boolean(b)))];
}
