// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultsRegion, SEARCH_FAILED_TEXT, SearchFilters, SearchProvider } from './SearchResults.client';
import { emptySearchState } from '../../domain/search-url';

const push = vi.hoisted(() => vi.fn());
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const host = document.createElement('div');
document.body.append(host);
afterEach(() => (host.innerHTML = ''));

// spec: catalogue §4 search results states — while loading or in error the last good hits are kept.
describe('ResultsRegion', () => {
  it('keeps the last good results and says so when an update fails', () => {
    const root = createRoot(host);
    act(() => root.render(<ResultsRegion label="Search results">{<p>first results</p>}</ResultsRegion>));
    expect(host.textContent).toContain('first results');
    act(() => root.render(<ResultsRegion label="Search results">{<p>second results</p>}</ResultsRegion>));
    act(() =>
      root.render(
        <ResultsRegion label="Search results" failed>
          {null}
        </ResultsRegion>,
      ),
    );
    expect(host.textContent).toContain('second results');
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(SEARCH_FAILED_TEXT);
    act(() => root.render(<ResultsRegion label="Search results">{<p>third results</p>}</ResultsRegion>));
    expect(host.textContent).toContain('third results');
    expect(host.querySelector('[role="alert"]')).toBeNull();
    act(() => root.unmount());
  });

  it('shows only the message when the very first search fails', () => {
    const root = createRoot(host);
    act(() =>
      root.render(
        <ResultsRegion label="Search results" failed>
          {null}
        </ResultsRegion>,
      ),
    );
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(SEARCH_FAILED_TEXT);
    act(() => root.unmount());
  });
});

// spec: catalogue §3 Search facets (price_range, filtered_features); catalogue §9 price facets sorted numerically.
describe('SearchFilters with the band and feature facets', () => {
  const facets = [
    {
      field: 'price_range',
      label: 'Price range',
      options: [
        { value: 'Under $10,000', count: 3 },
        { value: '$10,000 to $20,000', count: 12 },
        { value: 'Over $100,000', count: 1 },
      ],
      selected: [],
    },
    {
      field: 'filtered_features',
      label: 'Features',
      options: [
        { value: 'Apple CarPlay', count: 4 },
        { value: 'Sunroof', count: 2 },
      ],
      selected: ['Apple CarPlay'],
      hint: 'Shows cars with every feature you tick.',
    },
  ];
  const state = { ...emptySearchState(), refinements: { filtered_features: ['Apple CarPlay'] } };

  it('shows each group with its options in the order given and their counts, and the features hint', () => {
    const root = createRoot(host);
    act(() =>
      root.render(
        <SearchFilters
          state={state}
          facets={facets}
          ranges={[]}
          count={4}
          noun="cars"
          clearAllHref="/"
          currency="AUD"
        />,
      ),
    );
    const groups = [...host.querySelectorAll('fieldset')];
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual(['Price range', 'Features']);
    const options = (group: Element | undefined) =>
      [...(group?.querySelectorAll('label') ?? [])].map((label) => label.textContent?.replace(/\s+/g, ' ').trim());
    expect(options(groups[0])).toEqual([
      'Under $10,0003 results',
      '$10,000 to $20,00012 results',
      'Over $100,0001 result',
    ]);
    expect(options(groups[1])).toEqual(['Apple CarPlay4 results', 'Sunroof2 results']);
    const hint = groups[1]?.querySelector('p');
    expect(hint?.textContent).toBe('Shows cars with every feature you tick.');
    expect(groups[1]?.getAttribute('aria-describedby')).toBe(hint?.id);
    expect(groups[0]?.hasAttribute('aria-describedby')).toBe(false);
    const ticked = [...host.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].map((i) => i.checked);
    expect(ticked).toEqual([false, false, false, true, false]);
    act(() => root.unmount());
  });

  it('adds a ticked feature to the ones already ticked in the search address', () => {
    push.mockClear();
    const root = createRoot(host);
    act(() =>
      root.render(
        <SearchProvider>
          <SearchFilters
            state={state}
            facets={facets}
            ranges={[]}
            count={4}
            noun="cars"
            clearAllHref="/"
            currency="AUD"
          />
        </SearchProvider>,
      ),
    );
    const sunroof = [...host.querySelectorAll('label')].find((l) => l.textContent?.startsWith('Sunroof'));
    act(() => sunroof?.querySelector('input')?.click());
    expect(push).toHaveBeenCalledWith(
      '/search/new-used-and-demo-cars?refinementList[filtered_features][0]=Apple%20CarPlay&refinementList[filtered_features][1]=Sunroof',
    );
    act(() => root.unmount());
  });
});
