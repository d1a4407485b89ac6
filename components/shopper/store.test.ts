import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { favouritesAtom, viewedAtom, type FavouriteEntry } from './store';
import { enquiredCarsAtom, successMarkerAtom, userDetailsAtom, withEnquiredCar, withUserDetails } from './user-details';
import { recordVisitAtom, visitTrailAtom } from './visit-trail';

/** A browser's Storage, enough for jotai's JSON storage. */
function memoryStorage(seed: Record<string, string> = {}) {
  const items = new Map(Object.entries(seed));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

let local: ReturnType<typeof memoryStorage>;
let session: ReturnType<typeof memoryStorage>;
const car = (id: number): FavouriteEntry => ({
  id,
  name: `Car ${id}`,
  slug: `car-${id}`,
  make: 'Mazda',
  model: 'CX-5',
});

beforeEach(() => {
  local = memoryStorage({
    'favourites:site-a': JSON.stringify([car(1)]),
    'viewed:site-a': JSON.stringify([{ id: 7, make: 'Kia', model: 'Rio' }]),
  });
  session = memoryStorage();
  vi.stubGlobal('window', {
    localStorage: local,
    sessionStorage: session,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('stored shopper details (jotai atomWithStorage, the same keys as before)', () => {
  it('starts empty, as the server rendered it, and reads the stored list once mounted', () => {
    const store = createStore();
    expect(store.get(favouritesAtom('site-a'))).toEqual([]);
    store.sub(favouritesAtom('site-a'), () => undefined);
    expect(store.get(favouritesAtom('site-a'))).toEqual([car(1)]);
  });

  it('keeps each site to its own key', () => {
    const store = createStore();
    store.sub(favouritesAtom('site-b'), () => undefined);
    expect(store.get(favouritesAtom('site-b'))).toEqual([]);
    store.set(favouritesAtom('site-b'), (list) => [...list, car(2)]);
    expect(JSON.parse(local.items.get('favourites:site-b') ?? '')).toEqual([car(2)]);
    expect(JSON.parse(local.items.get('favourites:site-a') ?? '')).toEqual([car(1)]);
  });

  it('adds to what is stored even when no component shows the list', () => {
    const store = createStore();
    store.set(viewedAtom('site-a'), (list) => [{ id: 8, make: 'Ford', model: 'Ranger' }, ...list]);
    expect(JSON.parse(local.items.get('viewed:site-a') ?? '').map((v: { id: number }) => v.id)).toEqual([8, 7]);
  });

  it('ignores a stored value of the wrong shape', () => {
    local.items.set('favourites:site-a', '{"not":"a list"}');
    local.items.set('user-details:site-a', '{"name":"Jane","email":42,"extra":"x"}');
    const store = createStore();
    store.sub(favouritesAtom('site-a'), () => undefined);
    store.sub(userDetailsAtom('site-a'), () => undefined);
    expect(store.get(favouritesAtom('site-a'))).toEqual([]);
    expect(store.get(userDetailsAtom('site-a'))).toEqual({ name: 'Jane' });
  });

  it('merges user details, never erasing a stored one with an empty answer (conversion §3)', () => {
    expect(withUserDetails({ name: 'Jane', phone: '0412' }, { name: 'Janet', phone: '', message: 'hi' })).toEqual({
      name: 'Janet',
      phone: '0412',
    });
    const store = createStore();
    store.set(userDetailsAtom('site-a'), (saved) => withUserDetails(saved, { email: 'jane@example.com' }));
    expect(JSON.parse(local.items.get('user-details:site-a') ?? '')).toEqual({ email: 'jane@example.com' });
  });

  it('keeps the newest 20 enquired cars, each once', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    let list = withEnquiredCar([], car(1), now);
    for (let id = 2; id <= 25; id += 1) list = withEnquiredCar(list, car(id), now);
    list = withEnquiredCar(list, car(10), now);
    expect(list).toHaveLength(20);
    expect(list[0]).toMatchObject({ id: 10, name: 'Car 10', slug: 'car-10', at: now.toISOString() });
    expect(list.filter((c) => c.id === 10)).toHaveLength(1);
    const store = createStore();
    store.set(enquiredCarsAtom('site-a'), (stored) => withEnquiredCar(stored, car(3), now));
    expect(JSON.parse(local.items.get('enquired:site-a') ?? '')).toHaveLength(1);
  });

  it('keeps the success marker and the visit trail in session storage', () => {
    const store = createStore();
    store.set(successMarkerAtom('site-a'), { leadId: 5, form: 'f', title: 'Enquiry', at: 'now' });
    expect(JSON.parse(session.items.get('enquiry-success:site-a') ?? '')).toMatchObject({ leadId: 5 });

    store.set(recordVisitAtom, { path: '/cars', search: '?utm_source=mail&x=1' });
    store.set(recordVisitAtom, { path: '/cars', search: '' });
    store.set(recordVisitAtom, { path: '/finance', search: '?utm_source=later' });
    expect(JSON.parse(session.items.get('visited_pages') ?? '')).toEqual(['/cars', '/finance']);
    expect(JSON.parse(session.items.get('linked_query_params') ?? '')).toEqual({ utm_source: 'mail' });
    store.sub(visitTrailAtom, () => undefined);
    expect(store.get(visitTrailAtom)).toEqual({
      visited_pages: ['/cars', '/finance'],
      linked_query_params: { utm_source: 'mail' },
    });
  });

  it('carries on in memory when storage is switched off', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('SecurityError');
      },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    });
    const store = createStore();
    store.sub(favouritesAtom('site-c'), () => undefined);
    store.set(favouritesAtom('site-c'), (list) => [...list, car(1)]);
    store.set(favouritesAtom('site-c'), (list) => [...list, car(2)]);
    expect(store.get(favouritesAtom('site-c')).map((c) => c.id)).toEqual([1, 2]);
  });
});
