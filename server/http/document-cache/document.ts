/**
 * The document cache's pure rules (./handler.ts): which requests it may answer, and how a page
 * rendered for one shopper becomes HTML it may give to the next. Pure.
 */
import { createHash } from 'node:crypto';
import { NO_STORE_ATTRIBUTE } from './no-store';
import { headerText } from '../response-cache/response-cache';

type HeaderValue = string | readonly string[] | undefined;

/**
 * Request headers with which Next's client asks for a page's data rather than its document (a
 * client-side navigation, a prefetch, a server action). Those always reach Next: the cache keeps
 * and serves first loads of a page only, so navigating within the site works exactly as before.
 */
const NEXT_CLIENT_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
  'next-url',
];

/** Whether a request asks for a page's HTML document, the only thing the document cache answers. */
export function isDocumentRequest(
  method: string | undefined,
  url: string | undefined,
  headers: Record<string, HeaderValue>,
): boolean {
  if (method !== 'GET' || !url?.startsWith('/') || url.startsWith('//')) return false;
  if (NEXT_CLIENT_HEADERS.some((name) => headers[name] !== undefined)) return false;
  // Next's client also marks its data requests with a _rsc query parameter.
  return !/[?&]_rsc=/.test(url);
}

/** Whether the client takes a gzip-encoded body (Accept-Encoding lists gzip without q=0). */
export function acceptsGzip(header: HeaderValue): boolean {
  return (headerText(header) ?? '')
    .toLowerCase()
    .split(',')
    .some((part) => {
      const [coding, ...params] = part.trim().split(';');
      if (coding?.trim() !== 'gzip' && coding?.trim() !== '*') return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
}

/** The nonce a response's Content-Security-Policy allows scripts by, if any. */
export function nonceOfPolicy(policy: HeaderValue): string | undefined {
  return /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(headerText(policy) ?? '')?.[1];
}

/** A script element's text runs to the first `</script` (HTML's rule for script content). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

function scriptType(attributes: string): string {
  const type = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  return (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
}

/** Whether a script element with these attributes runs inline code: no src, and a JavaScript type. */
const runsInline = (attributes: string): boolean =>
  !/\bsrc\s*=/i.test(attributes) && EXECUTABLE_TYPES.has(scriptType(attributes));

/**
 * The CSP hash sources ('sha256-…', base64 of the script's UTF-8 text) of the inline scripts the
 * browser would run: those without src and of a JavaScript type. Given the nonce of the response
 * they came in, only the scripts that carried it count (Next's and React's own: a script the nonce
 * policy would have blocked, injected markup say, stays blocked under the hashes), each hashed as it
 * will be sent, with the nonce taken out of its text. JSON data islands (ld+json) run nothing and
 * need none. Each hash appears once. The browser hashes the text as its HTML parser reads it, with
 * every line break (CR LF, CR) made LF.
 */
export function inlineScriptHashes(html: string, nonce?: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? '';
    if (!runsInline(attributes)) continue;
    if (nonce !== undefined && !attributes.includes(`nonce="${nonce}"`)) continue;
    const text = nonce === undefined ? (match[2] ?? '') : (match[2] ?? '').split(nonce).join('');
    hashes.add(`sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}`);
  }
  return [...hashes];
}

/**
 * The page with `nonce` on every inline script inlineScriptHashes would list (given no nonce): for a
 * page from Next's page cache with more inline scripts than a policy header can list
 * (../cached-page-policy.ts). The attribute goes first, so it is the one the browser reads.
 */
export function withScriptNonce(html: string, nonce: string): string {
  return html.replace(SCRIPT, (whole: string, attributes: string) =>
    runsInline(attributes) ? `<script nonce="${nonce}"${whole.slice('<script'.length)}` : whole,
  );
}

export type PreparedDocument = { ok: true; html: string; scriptHashes: string[] } | { ok: false; reason: string };

/**
 * The most inline scripts a kept page may have: each is a hash in the Content-Security-Policy
 * header, and a header past a few kilobytes is refused by common proxies in front (nginx's default
 * buffer is 4-8 KB). Next writes a page's data in a handful of scripts (3 on the search page).
 */
export const MAX_SCRIPT_HASHES = 48;

/**
 * A page rendered for one shopper, made fit for the next: the nonce of its first response is taken
 * out (it was that response's secret, and a cached page is served under a policy of hashes of the
 * inline scripts that carried it instead), and a page that must not be reused is refused. Refused:
 * a block said so (a failed search), Next streamed an error into the page (an error boundary's
 * digest), the response had no nonce to tell its own scripts by, or too many scripts to list.
 */
export function prepareDocument(html: string, nonce: string | undefined): PreparedDocument {
  if (html.includes(NO_STORE_ATTRIBUTE)) return { ok: false, reason: 'a block marked the page not to be reused' };
  if (/\bdata-dgst=/.test(html)) return { ok: false, reason: 'the page holds a rendering error' };
  if (!/^\s*<!DOCTYPE html>/i.test(html) || !/<\/html>\s*$/i.test(html))
    return { ok: false, reason: 'the page is not a whole HTML document' };
  if (!nonce) return { ok: false, reason: 'the response had no script nonce' };
  const scriptHashes = inlineScriptHashes(html, nonce);
  if (scriptHashes.length > MAX_SCRIPT_HASHES) return { ok: false, reason: 'the page has too many inline scripts' };
  return { ok: true, html: html.split(nonce).join(''), scriptHashes };
}
