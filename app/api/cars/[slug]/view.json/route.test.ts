import { beforeEach, describe, expect, it, vi } from 'vitest';

// spec: catalogue §7 — GET {api}/cars/{slug}/view.json?photos_count&updated_at&website_id returns
// views and car_fields. The route is tested with its collaborators replaced: what it must do is
// check the query before counting, and never answer 5xx for a bad value.
const state = vi.hoisted(() => ({ counted: 0, updatedAt: '2026-11-20T03:04:05.006Z' as string | undefined }));

vi.mock('@/server/http/api-request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/server/http/api-request')>()),
  apiCaller: async () => ({ tenant: { slug: 'southern-cross-motors' }, ip: '10.0.0.1' }),
}));
vi.mock('@/server/http/interaction-limits', () => ({ viewCounts: async () => true }));
vi.mock('@/server/page-data/vehicle-context', () => ({
  loadVehicle: async (_tenant: unknown, slug: string) =>
    slug === 'known-car'
      ? {
          car: { id: 7, slug, status: 'in_stock', price: 18990, images: [{}, {}] },
          ...(state.updatedAt ? { updatedAt: state.updatedAt } : {}),
        }
      : undefined,
}));
vi.mock('@/services/stock', () => ({
  getStockRepository: async () => ({
    countView: async () => ++state.counted,
    views: async () => state.counted,
  }),
}));

const { GET } = await import('./route');

const call = (query: string, slug = 'known-car') =>
  GET(new Request(`http://site.test/api/cars/${slug}/view.json?${query}`), { params: Promise.resolve({ slug }) });

beforeEach(() => {
  state.counted = 0;
  state.updatedAt = '2026-11-20T03:04:05.006Z';
});

describe('view.json (catalogue §7)', () => {
  it("counts the view and answers the car's updated_at, unchanged since the page", async () => {
    const response = await call('photos_count=2&updated_at=2026-11-20T03:04:05.006Z&website_id=southern-cross-motors');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      views: 1,
      car_fields: {
        id: 7,
        slug: 'known-car',
        status: 'in_stock',
        price: 18990,
        photos_count: 2,
        updated_at: '2026-11-20T03:04:05.006Z',
        changed: false,
      },
    });
  });

  it('says the car changed when the page was made before its last update', async () => {
    const body = (await (await call('updated_at=2026-11-19T00:00:00Z')).json()) as { car_fields: { changed: boolean } };
    expect(body.car_fields.changed).toBe(true);
  });

  it('still counts a view from a page that sends no updated_at', async () => {
    state.updatedAt = undefined;
    const response = await call('photos_count=2');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ views: 1, car_fields: { updated_at: null, changed: false } });
  });

  it('answers 400 with a sentence for a bad updated_at or photos_count, and counts nothing', async () => {
    for (const query of [
      'updated_at=not-a-date',
      'updated_at=2026-02-30',
      `updated_at=${'9'.repeat(5000)}`,
      'updated_at=2026-01-01&updated_at=2026-01-02',
      'photos_count=-3',
      'photos_count=%00',
    ]) {
      const response = await call(query);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: string };
      expect(body.error, query).toMatch(/updated_at|photos_count/);
    }
    expect(state.counted).toBe(0);
  });

  it('answers 404 for a car the site does not list, after a valid query', async () => {
    expect((await call('updated_at=2026-01-01', 'other-car')).status).toBe(404);
  });
});
