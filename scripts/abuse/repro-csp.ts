/**
 * Issue 30, L6, reproduced over HTTP against the production build: cached pages ran with
 * `script-src 'self' 'unsafe-inline' 'unsafe-eval'`, and every page and the Studio allowed
 * 'unsafe-eval' (the browser compiled form schemas with ajv). Now no policy allows either: a page
 * from Next's page cache lists the SHA-256 hash of each of its inline scripts (served once as a miss
 * and again from the cache), a page rendered per request puts its nonce on each, and a page the
 * document cache keeps lists its hashes. The hashes are worked out here from the HTML as sent, as a
 * browser would, not with the server's own code.
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { RawResponse } from '../support/server';
import type { Check, Probe } from './reproductions';
import type { SiteFacts } from './targets';

interface Context {
  probe: Probe;
  port: number;
  db: string;
  sites: SiteFacts[];
}

function html(res: RawResponse): string {
  const coding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  const body =
    coding === 'gzip'
      ? gunzipSync(res.body)
      : coding === 'br'
        ? brotliDecompressSync(res.body)
        : coding === 'deflate'
          ? inflateSync(res.body)
          : res.body;
  return body.toString('utf8');
}

/** The inline scripts a browser would run: no src, a JavaScript type (no ld+json data island). */
function inlineScripts(page: string): Array<{ attributes: string; text: string }> {
  return [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)]
    .map((m) => ({ attributes: m[1] ?? '', text: m[2] ?? '' }))
    .filter(({ attributes }) => {
      if (/\bsrc\s*=/i.test(attributes)) return false;
      const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
      return ['', 'text/javascript', 'application/javascript', 'module'].includes(type);
    });
}

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`;

/** What a page's policy allows of scripts, and the inline scripts it would block. */
function audit(res: RawResponse) {
  const policy = String(res.headers['content-security-policy'] ?? '');
  const sources = (/script-src ([^;]*)/.exec(policy)?.[1] ?? '').trim().split(/\s+/).filter(Boolean);
  const nonce = sources.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
  const scripts = inlineScripts(html(res));
  const blocked = scripts.filter(
    ({ attributes, text }) =>
      !sources.includes(sha256(text)) && !(nonce !== undefined && attributes.includes(`nonce="${nonce}"`)),
  );
  return {
    policy,
    sources,
    hashes: sources.filter((s) => s.startsWith("'sha256-")),
    nonce,
    scripts: scripts.length,
    blocked: blocked.length,
    loose: sources.filter((s) => s === "'unsafe-eval'" || s === "'unsafe-inline'" || s === "'unsafe-hashes'"),
  };
}

const describe = (label: string, res: RawResponse, a: ReturnType<typeof audit>) =>
  `${label}: status ${res.status}, script-src ${a.sources.length ? a.sources.map((s) => (s.length > 20 ? `${s.slice(0, 16)}…'` : s)).join(' ') : 'missing'}; ${a.scripts} inline scripts, ${a.blocked} not allowed`;

export async function cspReproductions({ probe: probeAny, sites }: Context): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const site = sites.find((s) => s.host.includes('southerncross')) ?? sites[0];
  if (!site) return [{ name: 'L6: the demo sites are there', ok: false, detail: 'no site facts' }];
  const probe: Probe = (options) => probeAny({ host: site.host, ...options });

  // A page from Next's page cache, asked twice: its first render and its cached copy (and gzipped).
  const first = await probe({ path: '/' });
  const again = await probe({ path: '/', headers: { 'accept-encoding': 'gzip' } });
  for (const [label, res] of [
    ['home page, first load', first],
    ['home page, again (from the page cache, gzipped)', again],
  ] as const) {
    const a = audit(res);
    check(
      `L6: the ${label} allows exactly its own inline scripts by hash, and neither 'unsafe-inline' nor 'unsafe-eval'`,
      res.status === 200 &&
        a.sources[0] === "'self'" &&
        a.nonce === undefined &&
        a.loose.length === 0 &&
        a.scripts > 0 &&
        a.blocked === 0 &&
        a.hashes.length > 0 &&
        a.hashes.length <= a.scripts,
      describe(label, res, a),
    );
  }
  check(
    'L6: the cached home page is the same page under the same hashes each time',
    html(first) === html(again) && audit(first).policy === audit(again).policy,
    `bodies ${html(first) === html(again) ? 'equal' : 'differ'}; policies ${audit(first).policy === audit(again).policy ? 'equal' : 'differ'}`,
  );

  // A vehicle page (cached too), and a search page (rendered per request with a nonce, or a
  // document-cache copy with its hashes).
  for (const [label, path] of [
    ['vehicle page', `/cars/${site.carSlug}`],
    ['search page', '/search/used-cars?sortBy=lowestPrice&page=2'],
  ] as const) {
    const res = await probe({ path });
    const a = audit(res);
    check(
      `L6: the ${label} runs only its own inline scripts (nonce or hash), with neither 'unsafe-inline' nor 'unsafe-eval'`,
      res.status === 200 &&
        a.loose.length === 0 &&
        a.scripts > 0 &&
        a.blocked === 0 &&
        (a.nonce !== undefined || a.hashes.length > 0),
      describe(label, res, a),
    );
  }

  // No page of any site allows 'unsafe-eval' (the forms check in the browser without it).
  const policies = await Promise.all(
    sites.map(async (s) =>
      String((await probeAny({ host: s.host, path: '/contact' })).headers['content-security-policy'] ?? ''),
    ),
  );
  check(
    "L6: no site's pages allow 'unsafe-eval'",
    policies.length > 0 && policies.every((p) => p.includes('script-src') && !p.includes("'unsafe-eval'")),
    `${policies.filter((p) => p.includes("'unsafe-eval'")).length} of ${policies.length} contact pages allow it`,
  );
  // A conditional request for a cached page: a policy on the 304 would replace the stored page's,
  // hashes and all, and the page would no longer hydrate (found by the browser tests).
  const etag = String(first.headers.etag ?? '');
  const revalidated = etag ? await probe({ path: '/', headers: { 'if-none-match': etag } }) : undefined;
  check(
    "L6: a 304 for a cached page names no policy, so the browser keeps the stored page's hashes",
    revalidated?.status === 304 && revalidated.headers['content-security-policy'] === undefined,
    `ETag ${etag || 'none'}; answered ${String(revalidated?.status)} with policy ${String(revalidated?.headers['content-security-policy'] ?? 'none').slice(0, 80)}`,
  );
  return checks;
}
