/**
 * The security headers of every tenant page (issues 14 and 30). A page rendered per request gets a
 * fresh script nonce, which Next puts on its own inline scripts when it finds it in the request's
 * Content-Security-Policy header. A page served from Next's page cache (the /site tree) is the same
 * HTML for every visitor, so a per-response nonce cannot match the cached markup: the proxy gives it
 * `script-src 'self'`, and the server in front of Next (./cached-page-policy.ts, run by `npm start`)
 * adds the SHA-256 hash of each inline script of the HTML it sends, as the document cache does for
 * the pages it keeps (./document-cache). Every page allows scripts only from this origin or by
 * nonce or hash: no 'unsafe-inline', no plugins, no foreign base or form targets, no framing. The
 * outside origins are the embeds blocks place: the location map and walkaround videos.
 *
 * No 'unsafe-eval' (issue 30, L6): the browser checks tenant forms with an interpreter of the schema
 * subset the form compiler emits (domain/forms/form-schema-check.ts), and the Studio's editor
 * chooses between schema alternatives with one (studio/editor/schema-validator.ts); nothing in the
 * browser compiles code from a string. Only `next dev` adds it, for React's development tooling.
 */

/** Frames the blocks embed (LocationDetail's map, VehicleGallery's videos). */
const FRAME_SOURCES = ['https://www.openstreetmap.org', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

export interface PageSecurityOptions {
  /** A fresh random nonce for a page rendered per request; undefined for a cached page. */
  nonce?: string;
  /**
   * The hashes ('sha256-…') of every inline script of a page that is the same for everyone: one
   * the document cache serves (server/http/document-cache), or one from Next's page cache
   * (./cached-page-policy.ts). Instead of a nonce it allows exactly its own inline scripts, and
   * scripts from this origin. Without a nonce or hashes a page may run scripts from this origin only.
   */
  scriptHashes?: readonly string[];
  /** The request came over https (directly or through the proxy in front). */
  https: boolean;
  /** Who may frame the page: 'none' for shoppers' pages (the Studio's preview widens this). */
  frameAncestors?: readonly string[];
  /** Frames the page may show besides the blocks' embeds (the Studio frames its sites' previews). */
  frameSources?: readonly string[];
  /**
   * `next dev` (the default follows NODE_ENV): React's development tooling evaluates code, and the
   * development server has no ./cached-page-policy.ts in front of it to list a cached page's inline
   * scripts, so those are allowed as they come. Never in a production build.
   */
  development?: boolean;
}

/** The script sources of a page: a nonce, or this origin and the hashes of its own inline scripts. */
function scriptSources(options: PageSecurityOptions): string[] {
  const development = options.development ?? process.env.NODE_ENV === 'development';
  const sources = options.nonce
    ? [`'nonce-${options.nonce}'`, "'strict-dynamic'"]
    : ["'self'", ...(options.scriptHashes ?? []).map((hash) => `'${hash}'`)];
  if (!development) return sources;
  return [...sources, ...(options.nonce || options.scriptHashes ? [] : ["'unsafe-inline'"]), "'unsafe-eval'"];
}

export function contentSecurityPolicy(options: PageSecurityOptions): string {
  const ancestors = options.frameAncestors?.length ? options.frameAncestors.join(' ') : "'none'";
  return [
    "default-src 'self'",
    `script-src ${scriptSources(options).join(' ')}`,
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

const SCRIPT_DIRECTIVE = /(^|;)(\s*script-src)([^;]*)/i;

/** The sources a policy's script-src lists (none when it has no script-src). */
export function scriptSourcesOf(policy: string): string[] {
  return (SCRIPT_DIRECTIVE.exec(policy)?.[3] ?? '').trim().split(/\s+/).filter(Boolean);
}

/**
 * Whether a page's policy waits for the hashes of its inline scripts: it allows scripts from this
 * origin only, by neither nonce nor hash nor 'unsafe-inline' (the proxy's policy of a page from
 * Next's page cache, which ./cached-page-policy.ts completes on the way out).
 */
export function awaitsScriptHashes(policy: string | undefined): boolean {
  if (!policy) return false;
  const sources = scriptSourcesOf(policy);
  return (
    sources.includes("'self'") &&
    !sources.some((source) => /^'(nonce-|sha256-|sha384-|sha512-|unsafe-inline'|strict-dynamic')/.test(source))
  );
}

/** The policy with these sources ('sha256-…', 'nonce-…') added to its script-src, every other directive as it was. */
export function withScriptSources(policy: string, sources: readonly string[]): string {
  if (!sources.length) return policy;
  return policy.replace(
    SCRIPT_DIRECTIVE,
    (_all, start: string, name: string, listed: string) =>
      `${start}${name}${listed.replace(/\s+$/, '')} ${sources.map((source) => `'${source}'`).join(' ')}`,
  );
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
