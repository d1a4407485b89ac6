// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultsRegion, SEARCH_FAILED_TEXT } from './SearchResults.client';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn() }) }));
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
