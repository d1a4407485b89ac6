import { describe, expect, it } from 'vitest';
import { COPIED_NOTICE_MS, copiedToast, SHARE_WINDOW, shareUrl, TOAST_MS } from './sharing';

describe('sharing', () => {
  // spec: catalogue §2 — the share link is the site URL plus /cars/{slug}, trailing slash removed.
  it('builds the share link', () => {
    expect(shareUrl('https://dealer.example', '2022-toyota-hilux-sr5-100123')).toBe(
      'https://dealer.example/cars/2022-toyota-hilux-sr5-100123',
    );
    expect(shareUrl('https://dealer.example/', '2022-toyota-hilux-sr5-100123')).toBe(
      'https://dealer.example/cars/2022-toyota-hilux-sr5-100123',
    );
    expect(shareUrl('https://dealer.example//', 'abc/')).toBe('https://dealer.example/cars/abc');
  });

  // spec: catalogue §4 copy link / §9 — copied 1500 ms, toast 3000 ms, share window 550x400, toast text.
  it('exports the sharing constants and toast text', () => {
    expect(COPIED_NOTICE_MS).toBe(1500);
    expect(TOAST_MS).toBe(3000);
    expect(SHARE_WINDOW).toEqual({ width: 550, height: 400 });
    expect(copiedToast('2022 Toyota HiLux SR5')).toBe('Copied 2022 Toyota HiLux SR5 to your clipboard!');
  });
});
