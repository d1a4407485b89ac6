import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../db/test-database';

// The catalogue is read through the process-wide database: a new one of the project's kind.
process.env.DATABASE_URL = await freshDatabaseUrl();
const { getDatabase } = await import('../db/database');
const { readModel, siteModel, siteModelBodies, siteModels } = await import('./index');

const at = '2026-11-22T00:00:00.000Z';
const model = (id: number, manufacturerId: number, name: string, position: number | null, body: string | null) => ({
  id,
  manufacturer_id: manufacturerId,
  slug: name.toLowerCase(),
  name,
  status: 'available',
  body,
  position,
  data: JSON.stringify({ id, manufacturer_id: manufacturerId, slug: name.toLowerCase(), name, body, position }),
  updated_at: at,
});

beforeAll(async () => {
  const db = await getDatabase();
  const manufacturer = (id: number, slug: string) => ({
    id,
    slug,
    name: slug,
    data: JSON.stringify({ id, slug, name: slug }),
    updated_at: at,
  });
  await db
    .insertInto('manufacturers')
    .values([manufacturer(1, 'mazda'), manufacturer(2, 'kia')])
    .execute();
  await db
    .insertInto('models')
    .values([
      // Inserted out of order; Zeta and Alpha have no place in the catalogue.
      model(10, 1, 'Zeta', null, 'suv'),
      model(11, 1, 'CX-5', 2, 'suv'),
      model(12, 1, 'Mazda3', 1, 'hatch'),
      model(13, 1, 'Alpha', null, null),
      model(20, 2, 'Sportage', 1, 'suv'),
    ])
    .execute();
});

describe('the new-model catalogue', () => {
  it('lists a site’s models in catalogue order, then those without a place by name, the same on both databases', async () => {
    expect((await siteModels(['mazda'])).map(({ model }) => model.name)).toEqual(['Mazda3', 'CX-5', 'Alpha', 'Zeta']);
    expect((await siteModels(['mazda'], 'suv')).map(({ model }) => model.name)).toEqual(['CX-5', 'Zeta']);
    expect(await siteModelBodies(['mazda'])).toEqual(['hatch', 'suv']);
  });

  it('reads a model only for its own manufacturers', async () => {
    expect((await siteModel(['mazda'], 'cx-5'))?.manufacturer.slug).toBe('mazda');
    expect(await siteModel(['kia'], 'cx-5')).toBeUndefined();
    expect(await siteModels(['nobody'])).toEqual([]);
  });
});

describe('readModel (conversion §3 Model cloudfront_new_image_url)', () => {
  const base = {
    id: 1,
    manufacturer_id: 1,
    slug: 'tern',
    name: 'Tern',
    model_variants: [{ id: 1, full_name: 'Tern' }],
  };

  it("shows the image service's picture when the model has no image of its own", () => {
    expect(
      readModel(JSON.stringify({ ...base, cloudfront_new_image_url: 'https://cdn.example.com/tern.png' })).image,
    ).toEqual({
      url: 'https://cdn.example.com/tern.png',
    });
  });

  it('keeps the model’s own image first, and invents none', () => {
    expect(
      readModel(
        JSON.stringify({
          ...base,
          image: { url: '/media/own.png' },
          cloudfront_new_image_url: 'https://cdn.example.com/tern.png',
        }),
      ).image,
    ).toEqual({ url: '/media/own.png' });
    expect(readModel(JSON.stringify(base)).image).toBeUndefined();
  });
});
