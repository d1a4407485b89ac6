// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComparableCar, CompareEntry } from '../../domain/compare';
import { CompareView } from './CompareVehicles.client';
import { Tray } from '../CompareTray/CompareTray.client';
import { CompareToggle } from '../../components/CompareToggle/CompareToggle.client';
import { toastAtom } from '../../components/shopper/store';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('next/navigation', () => ({ usePathname: () => window.location.pathname }));

const SITE = 'southern-cross-motors';
const KEY = `compare:${SITE}`;
const options = {
  currency: 'AUD',
  subscriptionOffer: false,
  noPriceText: 'Enquire for price.',
  preorderText: 'PREORDER',
};

const car = (id: number, extra: Partial<ComparableCar> = {}): ComparableCar => ({
  id,
  slug: `car-${id}`,
  year: 2020,
  make: 'Mazda',
  model: 'CX-5',
  badge: `Grade ${id}`,
  car_type: 'used',
  status: 'in_stock',
  price: 30_000 + id,
  km: 40_000,
  colour: 'White',
  ...extra,
});
const entry = (id: number): CompareEntry => ({ id, name: `2020 Mazda CX-5 Grade ${id}`, slug: `car-${id}` });

/** The site's answer to GET /api/compare: the cars it lists; every other id is missing. */
let listed: ComparableCar[] = [];
let failing = false;
const asked: string[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), window.location.href);
    asked.push(`${url.pathname}${url.search}`);
    if (failing)
      return Response.json({ error: 'The cars could not be loaded just now. Please try again.' }, { status: 503 });
    const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
    return Response.json({
      cars: listed.filter((c) => ids.includes(c.id)),
      missing: ids.filter((id) => !listed.some((c) => c.id === id)),
    });
  }),
);

// jsdom has no media queries: a wide screen, where the tray opens with its list.
vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(min-width: 901px)', media: query }));

let host: HTMLDivElement;
let root: Root;
let store: ReturnType<typeof createStore>;
beforeEach(() => {
  localStorage.clear();
  asked.length = 0;
  failing = false;
  listed = [];
  window.history.replaceState(null, '', '/');
  store = createStore();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const stored = () => JSON.parse(localStorage.getItem(KEY) ?? '[]') as CompareEntry[];
const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
};
async function render(ui: React.ReactNode) {
  await act(async () => root.render(<Provider store={store}>{ui}</Provider>));
  await settle();
}
const page = () => (
  <CompareView site={SITE} heading="Compare cars" searchHref="/search/new-used-and-demo-cars" options={options} />
);
const button = (name: string) =>
  [...host.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);

describe('the compare page (catalogue §1, §6: anonymous visitors can compare)', () => {
  it('shows the picked cars side by side as a table with headers for screen readers', async () => {
    localStorage.setItem(KEY, JSON.stringify([entry(1), entry(2)]));
    listed = [
      car(1, { offer_price: 28_990, price_type: 'Drive Away', standardEquipment: ['Sunroof', 'Cruise control'] }),
      car(2, { km: 12_000, standardEquipment: ['Cruise control'] }),
    ];
    await render(page());
    expect(asked).toEqual(['/api/compare?ids=1,2']);
    const table = host.querySelector('table')!;
    const heads = [...table.querySelectorAll('thead th[scope="col"]')].map((th) => th.querySelector('a')?.textContent);
    expect(heads).toEqual(['2020 Mazda CX-5 Grade 1', '2020 Mazda CX-5 Grade 2']);
    // Price by the display rules (catalogue §4): the offer price above 10 wins, with the price type.
    const prices = [...table.querySelectorAll('td.compare-price')].map((td) => td.textContent);
    expect(prices).toEqual(['$28,990 Drive Away', '$30,002']);
    const rowOf = (label: string) =>
      [...table.querySelectorAll('tbody tr')].find(
        (tr) => tr.querySelector('th[scope="row"]')?.firstChild?.textContent === label,
      );
    // The odometers differ: the row is marked in words, not by colour alone.
    expect(rowOf('Odometer')?.querySelector('th')?.textContent).toBe('OdometerDiffers');
    expect(rowOf('Colour')?.querySelector('th')?.textContent).toBe('Colour');
    expect(rowOf('Sunroof')?.textContent).toContain('Not listed');
    // Key facts and features; neither car has specifications, so that section is left out.
    expect([...table.querySelectorAll('th[scope="colgroup"]')].map((th) => th.textContent)).toEqual([
      'Key facts',
      'Features',
    ]);
    // Rows no car has are not there (catalogue §5).
    expect(rowOf('Drive')).toBeUndefined();
    // The table scrolls sideways on a phone: its region takes keyboard focus.
    expect(host.querySelector('[role="region"]')?.getAttribute('tabindex')).toBe('0');
  });

  it("says 'No longer available' for a car the site no longer lists, and removes it", async () => {
    localStorage.setItem(KEY, JSON.stringify([entry(1), entry(9)]));
    listed = [car(1)];
    await render(page());
    const gone = host.querySelector('.compare-gone');
    expect(gone?.textContent).toBe('No longer available');
    expect(gone?.closest('th')?.textContent).toContain('2020 Mazda CX-5 Grade 9');
    await act(async () => button('Remove 2020 Mazda CX-5 Grade 9 from compare')?.click());
    expect(button('Remove 2020 Mazda CX-5 Grade 9 from compare')).toBeUndefined();
    expect(stored().map((c) => c.id)).toEqual([1]);
    expect(document.activeElement?.textContent).toBe('Compare cars');
  });

  it('only the differences, on request', async () => {
    localStorage.setItem(KEY, JSON.stringify([entry(1), entry(2)]));
    listed = [car(1), car(2, { km: 5 })];
    await render(page());
    const input = host.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    await act(async () => input.click());
    const labels = [...host.querySelectorAll('tbody th[scope="row"]')].map((th) => th.firstChild?.textContent);
    expect(labels).toEqual(['Price', 'Odometer']);
  });

  it('tells the shopper when the cars cannot be loaded, and tries again', async () => {
    localStorage.setItem(KEY, JSON.stringify([entry(1)]));
    listed = [car(1)];
    failing = true;
    await render(page());
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('could not be loaded');
    failing = false;
    await act(async () => button('Try again')?.click());
    await settle();
    expect(host.querySelector('[role="alert"]')).toBeNull();
    expect(host.querySelector('td.compare-price')?.textContent).toBe('$30,001');
  });

  it('explains how to start when nothing is picked, and asks the server nothing', async () => {
    await render(page());
    expect(host.textContent).toContain('You have not picked any cars to compare yet.');
    expect(host.querySelector('a')?.getAttribute('href')).toBe('/search/new-used-and-demo-cars');
    expect(asked).toEqual([]);
  });
});

describe('the Compare button and the tray', () => {
  const toggle = (id: number) => <CompareToggle key={id} site={SITE} car={entry(id)} />;

  it('adds and removes with aria-pressed and names that say what it does; the tray follows and announces', async () => {
    await render(
      <>
        {toggle(1)}
        {toggle(2)}
        <Tray site={SITE} />
      </>,
    );
    expect(host.querySelector('.compare-tray')).toBeNull();
    const add = button('Add 2020 Mazda CX-5 Grade 1 to compare')!;
    expect(add.getAttribute('aria-pressed')).toBe('false');
    await act(async () => add.click());
    expect(button('Remove 2020 Mazda CX-5 Grade 1 from compare')?.getAttribute('aria-pressed')).toBe('true');
    expect(stored().map((c) => c.id)).toEqual([1]);
    const tray = host.querySelector('.compare-tray')!;
    expect(tray.getAttribute('aria-label')).toBe('Cars to compare');
    expect(tray.querySelector('a')?.textContent).toBe('Compare (1)');
    expect(tray.querySelector('a')?.getAttribute('href')).toBe('/compare');
    expect(host.querySelector('[role="status"]')?.textContent).toBe(
      '2020 Mazda CX-5 Grade 1 added to compare. 1 of 4 cars picked to compare.',
    );
    await act(async () => button('Add 2020 Mazda CX-5 Grade 2 to compare')!.click());
    expect(tray.querySelector('a')?.textContent).toBe('Compare (2)');
    // Removing from the tray: the card's button follows.
    const trayRemove = tray.querySelector<HTMLButtonElement>(
      'button[aria-label="Remove 2020 Mazda CX-5 Grade 1 from compare"]',
    )!;
    await act(async () => trayRemove.click());
    expect(button('Add 2020 Mazda CX-5 Grade 1 to compare')?.getAttribute('aria-pressed')).toBe('false');
    expect(stored().map((c) => c.id)).toEqual([2]);
  });

  it("refuses a fifth car with 'You can compare up to 4 cars' and drops none", async () => {
    localStorage.setItem(KEY, JSON.stringify([1, 2, 3, 4].map(entry)));
    await render(toggle(5));
    await act(async () => button('Add 2020 Mazda CX-5 Grade 5 to compare')!.click());
    expect(stored().map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(store.get(toastAtom)).toMatchObject({
      title: 'You can compare up to 4 cars',
      action: { label: 'Compare now', href: '/compare' },
    });
    expect(button('Add 2020 Mazda CX-5 Grade 5 to compare')?.getAttribute('aria-pressed')).toBe('false');
  });

  it('keeps out of the way on the compare page itself', async () => {
    localStorage.setItem(KEY, JSON.stringify([entry(1)]));
    window.history.replaceState(null, '', '/compare');
    await render(<Tray site={SITE} />);
    expect(host.querySelector('.compare-tray')).toBeNull();
  });
});
