// @vitest-environment jsdom
/**
 * The header check's Studio half (issue 32, HeaderFitCheck.client.tsx): the two frames at desktop
 * and phone width, and answers taken only from the preview's exact origin, from those frames, with
 * the token the check was started with.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { HeaderFitCheck } from './HeaderFitCheck.client';
import { HEADER_FIT_MESSAGE, type HeaderProblem } from '../../../domain/studio/header-fit';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ORIGIN = 'http://harbour-city-mazda.localhost:3000';
const host = document.createElement('div');
document.body.append(host);
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  host.innerHTML = '';
});

function render(token: string | null, onFinished?: (token: string) => void) {
  root ??= createRoot(host);
  act(() =>
    root?.render(
      <HeaderFitCheck origin={ORIGIN} token={token} onFinished={onFinished} onShowMenus={() => undefined} />,
    ),
  );
}

const frames = () => [...host.querySelectorAll('iframe')];
const frame = (px: number) => frames().find((f) => f.style.width === `${px}px`) as HTMLIFrameElement;

function answer(from: HTMLIFrameElement | null, token: string, problems: HeaderProblem[], origin = ORIGIN) {
  act(() =>
    window.dispatchEvent(
      new MessageEvent('message', {
        origin,
        source: from?.contentWindow ?? null,
        data: { type: HEADER_FIT_MESSAGE, token, width: 1440, problems },
      }),
    ),
  );
}

const OVERLAP: HeaderProblem = { kind: 'overlap', item: 'Hot deals', other: 'Call us on (02) 9555 0100' };

describe('the header check in the editor (issue 32)', () => {
  it('loads the saved draft’s home page at 1440 and 390 px, asking it to measure its header', () => {
    render('tok-1');
    expect(frames().map((f) => f.getAttribute('src'))).toEqual([
      `${ORIGIN}/_preview/tok-1#studio-header-fit`,
      `${ORIGIN}/_preview/tok-1#studio-header-fit`,
    ]);
    expect(frames().map((f) => f.style.width)).toEqual(['1440px', '390px']);
    expect(host.querySelector('[aria-hidden="true"]')?.contains(frames()[0] ?? null)).toBe(true);
  });

  it('takes answers only from the preview’s origin, its own frames and its token, then names what does not fit', () => {
    render('tok-1');
    // Another origin, another token, a window that is not one of the frames: all ignored.
    answer(frame(1440), 'tok-1', [OVERLAP], 'http://evil.localhost:3000');
    answer(frame(390), 'tok-1', [], 'http://evil.localhost:3000');
    answer(frame(1440), 'tok-0', [OVERLAP]);
    answer(frame(390), 'tok-0', []);
    answer(null, 'tok-1', [OVERLAP]);
    expect(frames()).toHaveLength(2);
    expect(host.textContent).not.toContain('does not fit');

    answer(frame(1440), 'tok-1', [OVERLAP]);
    expect(frames()).toHaveLength(2); // the phone has not answered yet
    answer(frame(390), 'tok-1', []);
    expect(frames()).toHaveLength(0);
    expect(host.querySelector('h3')?.textContent).toBe('The header does not fit on every screen');
    expect(host.querySelector('li')?.textContent).toBe(
      'On a desktop screen (1440 px wide), “Hot deals” overlaps “Call us on (02) 9555 0100”.',
    );
  });

  it('keeps the warning until a later check finds the header fits', () => {
    render('tok-1');
    answer(frame(1440), 'tok-1', [OVERLAP]);
    answer(frame(390), 'tok-1', []);
    render('tok-2');
    expect(frames()).toHaveLength(2);
    expect(host.textContent).toContain('does not fit');
    answer(frame(1440), 'tok-2', []);
    answer(frame(390), 'tok-2', []);
    expect(host.textContent).not.toContain('does not fit');
  });

  it('says when a check has answered, and a check stopped before then leaves the last warning as it was', () => {
    const finished: string[] = [];
    const told = (token: string) => finished.push(token);
    render('tok-1', told);
    answer(frame(1440), 'tok-1', [OVERLAP]);
    expect(finished).toEqual([]);
    answer(frame(390), 'tok-1', []);
    expect(finished).toEqual(['tok-1']);
    // The editor stops the next check when a change comes before it answers: no frames, same warning.
    render('tok-2', told);
    render(null, told);
    expect(frames()).toHaveLength(0);
    expect(host.textContent).toContain('“Hot deals” overlaps');
    expect(finished).toEqual(['tok-1']);
  });
});
