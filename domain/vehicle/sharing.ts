/**
 * Sharing a car (catalogue §2, §4, §9; conversion §4.8): the share link, the copied toast and the
 * timings and window size of the share buttons. Pure.
 */

// spec: catalogue §9 — copied notice 1500 ms; toast 3000 ms; share windows 550x400.
export const COPIED_NOTICE_MS = 1500;
export const TOAST_MS = 3000;
export const SHARE_WINDOW = { width: 550, height: 400 } as const;

/**
 * spec: catalogue §2 — the share link is the site URL plus /cars/{slug}, with any trailing slash
 * removed (the site URL may or may not end in '/').
 */
export function shareUrl(siteUrl: string, slug: string): string {
  const site = siteUrl.trim().replace(/\/+$/, '');
  const path = slug.trim().replace(/^\/+|\/+$/g, '');
  return `${site}/cars/${encodeURIComponent(path)}`.replace(/\/+$/, '');
}

/** spec: catalogue §4 copy link / conversion §4.8 — 'Copied {car name} to your clipboard!'. */
export function copiedToast(carName: string): string {
  return `Copied ${carName} to your clipboard!`;
}
