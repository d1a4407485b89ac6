/**
 * The security headers of every tenant page (issue 14). A page rendered per request gets a fresh
 * script nonce, which Next puts on its own inline scripts when it finds it in the request's
 * Content-Security-Policy header. A page served from the page cache is the same HTML for every
 * visitor, so a per-response nonce cannot match the cached markup: those pages allow inline scripts
 * (Next's flight payload) but still only scripts from this origin, no plugins, no foreign base or
 * form targets and no framing. The outside origins are the embeds blocks place: the location map
 * and walkaround videos.
 *
 * 'unsafe-eval' stays for now: the browser checks every tenant form with ajv, which compiles the
 * form's JSON Schema into a function at run time (new Function). Removing it means shipping
 * precompiled (ajv standalone) validators from this origin; until then an injected string still
 * needs a script of ours to evaluate it, and no inline or foreign script runs on pages with a nonce.
 */

/** Frames the blocks embed (LocationDetail's map, VehicleGallery's videos). */
const FRAME_SOURCES = ['https://www.openstreetmap.org', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

export interface PageSecurityOptions {
  /** A fresh random nonce for a page rendered per request; undefined for a cached page. */
  nonce?: string;
  /**
   * The hashes ('sha256-…') of every inline script of a page the document cache serves
   * (server/http/document-cache): that HTML is the same for everyone, so instead of a nonce it
   * allows exactly its own inline scripts, and scripts from this origin.
   */
  scriptHashes?: readonly string[];
  /** The request came over https (directly or through the proxy in front). */
  https: boolean;
  /** Who may frame the page: 'none' for shoppers' pages (the Studio's preview widens this). */
  frameAncestors?: readonly string[];
  /** Frames the page may show besides the blocks' embeds (the Studio frames its sites' previews). */
  frameSources?: readonly string[];
}

export function contentSecurityPolicy(options: PageSecurityOptions): string {
  const scripts = [
    ...(options.nonce
      ? [`'nonce-${options.nonce}'`, "'strict-dynamic'"]
      : options.scriptHashes
        ? ["'self'", ...options.scriptHashes.map((hash) => `'${hash}'`)]
        : ["'self'", "'unsafe-inline'"]),
    "'unsafe-eval'",
  ];
  const ancestors = options.frameAncestors?.length ? options.frameAncestors.join(' ') : "'none'";
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // React writes style attributes (theme colours, progress widths).
    "style-src 'self' 'unsafe-inline'",
    // Feed photos and videos may come from the dealer's CDN.
    "img-src 'self' data: blob: https:",
    "media-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${[...FRAME_SOURCES, ...(options.frameSources ?? [])].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Headers every response of the platform carries (pages, API, assets): set in next.config too. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), payment=(), usb=(), interest-cohort=()',
};

/** One year, sub-domains included: only ever sent over https, where the site is known to serve it. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function pageSecurityHeaders(options: PageSecurityOptions): Record<string, string> {
  return {
    ...BASE_SECURITY_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy(options),
    ...(options.frameAncestors?.length ? {} : { 'X-Frame-Options': 'DENY' }),
    ...(options.https ? { 'Strict-Transport-Security': HSTS_VALUE } : {}),
  };
}

/** Whether the shopper reached us over https: the proxy in front says so in x-forwarded-proto. */
export function requestIsHttps(protocol: string, forwardedProto: string | null): boolean {
  const first = forwardedProto?.split(',')[0]?.trim().toLowerCase();
  return first ? first === 'https' : protocol === 'https:';
}

/** A nonce nobody can guess: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64');
}
