// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNT_DEBOUNCE_MS, QuickSearchForm, countQuery, type QuickSearchChoice } from './QuickSearch.client';
import { quickSearchChoices } from './QuickSearch';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const host = document.createElement('div');
document.body.append(host);
afterEach(() => {
  host.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const options = {
  count: 42,
  carTypes: [
    { value: 'new', count: 2 },
    { value: 'used', count: 40 },
  ],
  makes: [
    { value: 'Kia', count: 30 },
    { value: 'Mazda', count: 12 },
  ],
  models: { Kia: [{ value: 'Seltos', count: 30 }], Mazda: [{ value: 'CX-5', count: 12 }] },
  bodies: [{ value: 'SUV', count: 42 }],
};
const choices: QuickSearchChoice[] = quickSearchChoices(['car_type', 'make', 'model', 'body', 'price'], options, 'AUD');

function render() {
  const root = createRoot(host);
  act(() => root.render(<QuickSearchForm choices={choices} initialCount={42} vehicleWord="car" />));
  return root;
}

function choose(name: string, value: string) {
  const select = host.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
  if (!select) throw new Error(`no select ${name}`);
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('QuickSearchForm (catalogue §2 Show Me N cars)', () => {
  it('works as a plain GET form to the search page, showing the count for the empty form', () => {
    const root = render();
    const form = host.querySelector('form');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/search/new-used-and-demo-cars');
    expect(host.querySelector('button[type="submit"]')?.textContent).toBe('Show Me 42 cars');
    expect([...host.querySelectorAll('select')].map((s) => s.name)).toEqual([
      'refinementList[car_type][0]',
      'refinementList[make][0]',
      'refinementList[model][0]',
      'range[price]',
    ]);
    // Each select has a visible label.
    for (const select of host.querySelectorAll('select'))
      expect(host.querySelector(`label[for="${select.id}"]`)?.textContent).toBeTruthy();
    act(() => root.unmount());
  });

  it('leaves out a choice with a single value (body: every car is an SUV)', () => {
    expect(choices.map((c) => c.field)).toEqual(['car_type', 'make', 'model', 'price']);
    expect(choices[0]?.options.map((o) => o.label)).toEqual(['New', 'Used']);
  });

  it('asks for the count once the choices settle and shows it on the button', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async (_url: string) => Response.json({ count: 7 }));
    vi.stubGlobal('fetch', fetchMock);
    const root = render();
    choose('refinementList[make][0]', 'Kia');
    choose('range[price]', ':10000');
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(COUNT_DEBOUNCE_MS);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/search/count?refinementList%5Bmake%5D%5B0%5D=Kia&range%5Bprice%5D=%3A10000',
    );
    expect(host.querySelector('button[type="submit"]')?.textContent).toBe('Show Me 7 cars');
    expect(host.querySelector('[aria-live="polite"]')?.textContent).toBe('Show Me 7 cars');
    // Models narrow to the chosen make.
    expect([...host.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Kia']);
    act(() => root.unmount());
  });

  it('keeps the last count when the count request fails', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('no', { status: 503 })),
    );
    const root = render();
    choose('refinementList[car_type][0]', 'new');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(COUNT_DEBOUNCE_MS);
    });
    expect(host.querySelector('button[type="submit"]')?.textContent).toBe('Show Me 42 cars');
    act(() => root.unmount());
  });

  it('sends a model only with its make', () => {
    expect(countQuery({ model: 'CX-5' })).toBe('');
    expect(countQuery({ make: 'Mazda', model: 'CX-5', body: '' })).toBe(
      'refinementList%5Bmake%5D%5B0%5D=Mazda&refinementList%5Bmodel%5D%5B0%5D=CX-5',
    );
  });
});
