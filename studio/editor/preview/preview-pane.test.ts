import { describe, expect, it } from 'vitest';
import { localInputValue, PREVIEW_WIDTHS, previewScale } from './PreviewPane.client';
import { previewAtOf } from '../editor-data';

// Issue 32: "Real widths: Desktop (1440 px, scaled to fit the pane), Tablet (768) and Phone (390);
// Desktop is the default", and "Preview as of a date and time".

describe('the preview pane', () => {
  it('lays pages out at 1440, 768 and 390 px', () => {
    expect(Object.values(PREVIEW_WIDTHS).map((w) => [w.label, w.px])).toEqual([
      ['Desktop', 1440],
      ['Tablet', 768],
      ['Phone', 390],
    ]);
  });

  it('scales a page down to fit its pane, never up', () => {
    expect(previewScale(720, 1440)).toBe(0.5);
    expect(previewScale(800, 390)).toBe(1);
    expect(previewScale(0, 1440)).toBe(1);
  });

  it('shows a moment in a date-and-time input in this computer’s time', () => {
    const at = new Date(2026, 11, 6, 6, 5).toISOString();
    expect(localInputValue(at)).toBe('2026-12-06T06:05');
    expect(localInputValue('not a date')).toBe('');
  });
});

describe('previewAtOf: the "Preview as of" moment of a call', () => {
  const now = new Date('2026-11-28T00:00:00Z');
  it('is now when none is given', () => {
    for (const none of [undefined, null, '']) expect(previewAtOf(none, now)).toBeUndefined();
  });
  it('reads an ISO date and time, in the past or up to ten years ahead', () => {
    expect(previewAtOf('2026-12-06T06:00:00+11:00', now)?.toISOString()).toBe('2026-12-05T19:00:00.000Z');
    expect(previewAtOf('2020-01-01T00:00:00Z', now)?.getUTCFullYear()).toBe(2020);
  });
  it('refuses anything else', () => {
    for (const bad of ['soon', 42, {}, '2999-01-01T00:00:00Z', 'x'.repeat(41)])
      expect(previewAtOf(bad, now)).toBeNull();
  });
});
