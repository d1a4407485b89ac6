import { describe, expect, it } from 'vitest';
import {
  PREVIEW_BRIDGE_MESSAGE,
  envelope,
  readFromPreview,
  readToPreview,
  scrollForAnchor,
  tokenInPreviewPath,
  type Expected,
} from './preview-messages';

// Issue 33, point and edit: "the two windows talk by postMessage with the exact origin checked on both
// sides and the preview token bound to the messages; a message from any other origin or with another
// token is ignored."

const frame = { name: 'the preview frame' };
const studio = { name: 'the Studio window' };
const preview: Expected = { origin: 'https://harbour-city-mazda.preview.example.com', source: frame, token: 'tok-1' };
const fromStudio: Expected = { origin: 'https://studio.example.com', source: studio, token: 'tok-1' };

const select = envelope({ kind: 'select', route: '/', index: 2 }, 'tok-1');
const state = envelope(
  { kind: 'state', pick: true, selected: { route: '/', index: 2 }, reveal: false, scale: 0.5 },
  'tok-1',
);

describe('the Studio reads its preview frame’s messages (issue 33)', () => {
  it('takes a select, an add, a ready and a scroll from the frame’s origin and window with its token', () => {
    expect(readFromPreview({ origin: preview.origin, source: frame, data: select }, preview)).toEqual({
      kind: 'select',
      route: '/',
      index: 2,
    });
    const add = envelope({ kind: 'add', route: '/cars/:slug', at: 0 }, 'tok-1');
    expect(readFromPreview({ origin: preview.origin, source: frame, data: add }, preview)).toEqual({
      kind: 'add',
      route: '/cars/:slug',
      at: 0,
    });
    const ready = envelope({ kind: 'ready', route: '/', blocks: 5 }, 'tok-1');
    expect(readFromPreview({ origin: preview.origin, source: frame, data: ready }, preview)?.kind).toBe('ready');
    const scrolled = envelope({ kind: 'scrolled', route: '/', anchor: { index: 1, offset: -40 } }, 'tok-1');
    expect(readFromPreview({ origin: preview.origin, source: frame, data: scrolled }, preview)).toEqual({
      kind: 'scrolled',
      route: '/',
      anchor: { index: 1, offset: -40 },
    });
  });

  it('ignores another origin, even one that differs only in scheme, port or a sub-domain', () => {
    for (const origin of [
      'https://evil.example.com',
      'http://harbour-city-mazda.preview.example.com',
      'https://harbour-city-mazda.preview.example.com:8443',
      'https://x.harbour-city-mazda.preview.example.com',
      'null',
    ])
      expect(readFromPreview({ origin, source: frame, data: select }, preview)).toBeUndefined();
  });

  it('ignores a message from another window of the right origin (a pop-up, the header check’s frames)', () => {
    expect(readFromPreview({ origin: preview.origin, source: { other: true }, data: select }, preview)).toBeUndefined();
    expect(readFromPreview({ origin: preview.origin, source: null, data: select }, preview)).toBeUndefined();
  });

  it('ignores a forged, stale or missing token', () => {
    for (const token of ['tok-2', '', 'TOK-1'])
      expect(
        readFromPreview({ origin: preview.origin, source: frame, data: { ...select, token } }, preview),
      ).toBeUndefined();
    const { token: _dropped, ...withoutToken } = select;
    void _dropped;
    expect(readFromPreview({ origin: preview.origin, source: frame, data: withoutToken }, preview)).toBeUndefined();
    // Nothing is taken while the pane has no token or no frame.
    expect(readFromPreview({ origin: preview.origin, source: frame, data: select }, { ...preview, token: '' })).toBe(
      undefined,
    );
    expect(
      readFromPreview({ origin: preview.origin, source: null, data: select }, { ...preview, source: null }),
    ).toBeUndefined();
  });

  it('ignores anything not exactly one of its messages', () => {
    const bad: unknown[] = [
      null,
      'select',
      [select],
      { ...select, type: 'studio:header-fit' },
      { ...select, kind: 'publish' },
      { ...select, index: -1 },
      { ...select, index: 1.5 },
      { ...select, index: '2' },
      { ...select, index: 100_000 },
      { ...select, route: 'javascript:alert(1)' },
      { ...select, route: '/a b' },
      { ...select, route: `/${'x'.repeat(400)}` },
      envelope({ kind: 'scrolled', route: '/', anchor: { y: -5 } }, 'tok-1'),
      { ...envelope({ kind: 'scrolled', route: '/', anchor: { y: 1 } }, 'tok-1'), anchor: { y: Infinity } },
      { ...envelope({ kind: 'ready', route: '/', blocks: 1 }, 'tok-1'), blocks: 'many' },
    ];
    for (const data of bad)
      expect(readFromPreview({ origin: preview.origin, source: frame, data }, preview)).toBe(undefined);
  });
});

describe('the preview reads the Studio’s messages (issue 33)', () => {
  it('takes the Studio’s state from its exact origin and window with the page’s token', () => {
    expect(readToPreview({ origin: fromStudio.origin, source: studio, data: state }, fromStudio)).toEqual({
      kind: 'state',
      pick: true,
      selected: { route: '/', index: 2 },
      reveal: false,
      scale: 0.5,
    });
    const restore = { ...state, selected: null, restore: { y: 300 } };
    expect(readToPreview({ origin: fromStudio.origin, source: studio, data: restore }, fromStudio)).toEqual({
      kind: 'state',
      pick: true,
      selected: null,
      reveal: false,
      scale: 0.5,
      restore: { y: 300 },
    });
  });

  it('ignores another origin, another window, another token or another shape', () => {
    const at = (origin: string, source: object, data: unknown) => readToPreview({ origin, source, data }, fromStudio);
    expect(at('https://evil.example.com', studio, state)).toBeUndefined();
    expect(at('http://studio.example.com', studio, state)).toBeUndefined();
    expect(at(fromStudio.origin, { opener: true }, state)).toBeUndefined();
    expect(at(fromStudio.origin, studio, { ...state, token: 'expired-or-forged' })).toBeUndefined();
    expect(at(fromStudio.origin, studio, { ...state, pick: 'yes' })).toBeUndefined();
    expect(at(fromStudio.origin, studio, { ...state, selected: { route: '/', index: -3 } })).toBeUndefined();
    expect(at(fromStudio.origin, studio, { ...state, restore: { index: 1 } })).toBeUndefined();
    expect(at(fromStudio.origin, studio, { ...state, kind: 'select' })).toBeUndefined();
    expect(at(fromStudio.origin, studio, { ...state, scale: 0 })).toBeUndefined();
    expect(at(fromStudio.origin, studio, { ...state, scale: 40 })).toBeUndefined();
    expect(at(fromStudio.origin, studio, { ...select })).toBeUndefined();
  });

  it('is silent on a page with no Studio (no origin)', () => {
    expect(readToPreview({ origin: '', source: studio, data: state }, { ...fromStudio, origin: '' })).toBeUndefined();
  });
});

describe('the parts around the messages', () => {
  it('stamps every message with the conversation’s type and the token', () => {
    expect(select.type).toBe(PREVIEW_BRIDGE_MESSAGE);
    expect(select.token).toBe('tok-1');
  });

  it('finds the token only in a preview address', () => {
    expect(tokenInPreviewPath('/_preview/abc.def/cars/x')).toBe('abc.def');
    expect(tokenInPreviewPath('/_preview/abc')).toBe('abc');
    expect(tokenInPreviewPath('/_preview/')).toBeUndefined();
    expect(tokenInPreviewPath('/cars/x')).toBeUndefined();
  });

  it('keeps the edited block where it was on screen after a reload, even when the page above it changed', () => {
    // The hero grew by 120 px: block 3 now starts at 1620 instead of 1500, and it was 200 px below the top.
    expect(scrollForAnchor({ index: 3, offset: 200 }, (i) => (i === 3 ? 1620 : undefined))).toBe(1420);
    expect(scrollForAnchor({ index: 9, offset: 200 }, () => undefined)).toBeUndefined();
    expect(scrollForAnchor({ index: 0, offset: 500 }, () => 100)).toBe(0);
    expect(scrollForAnchor({ y: 640 }, () => undefined)).toBe(640);
  });
});
