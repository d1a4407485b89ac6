/**
 * The low findings of the security review of issue 30 (L1, L7, L8, L9) and the `-H` defect found on
 * the way, each reproduced over HTTP against the production build as a named check. Each failed
 * before its fix. The tokens are made with the functions and the secret the server uses: AUTH_SECRET
 * from this process's environment (which the server inherits), else the secret file the server
 * keeps beside its database.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { computeCacheBustingSearchParam } from 'next/dist/shared/lib/router/utils/cache-busting-search-param';
import { authSecret } from '../../services/auth/auth-instance';
import { unsubscribeHash } from '../../services/consent';
import { createPreviewToken, previewKey } from '../../services/preview-token';
import { createUnsubscribeToken, unsubscribeKey } from '../../services/unsubscribe-token';
import { rawRequest, waitForServer, type RawResponse } from '../support/server';
import { SERVER_NODE_FLAGS } from '../serve-options.mjs';
import type { Check, Probe } from './reproductions';
import { ABUSE_PREVIEW_DOMAIN, ABUSE_STUDIO_HOST } from './repro-studio';
import type { SiteFacts } from './targets';

interface Context {
  probe: Probe;
  port: number;
  db: string;
  sites: SiteFacts[];
}

/** Names of the internal route tree, a published version or a stock generation (engine/resolve-host.ts). */
const INTERNAL = /\/(?:site|live|preview|seo)\/[a-z0-9-]+|~[vs][0-9]/;

function internalHeaders(res: RawResponse): string[] {
  return Object.entries(res.headers)
    .filter(([, value]) => INTERNAL.test(Array.isArray(value) ? value.join(', ') : String(value ?? '')))
    .map(([name, value]) => `${name}: ${String(value)}`);
}

function json(res: RawResponse): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(res.body.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The slug of the site a host serves, from the tenant files (run.ts reads the same files for its facts). */
function slugOf(host: string): string | undefined {
  for (const file of readdirSync('tenants').filter((f) => f.endsWith('.json'))) {
    const tenant = JSON.parse(readFileSync(join('tenants', file), 'utf8')) as { slug?: string; domains?: string[] };
    if (tenant.slug && tenant.domains?.includes(host)) return tenant.slug;
  }
  return undefined;
}

/** The secret the server signs with: AUTH_SECRET as it inherits it, else the file beside its database. */
function serverSecret(db: string): string {
  const env = { AUTH_SECRET: process.env.AUTH_SECRET, BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET };
  return authSecret(env, join(dirname(resolve(db)), 'auth-secret'));
}

function unsubscribedRows(db: string, slug: string, email: string): number {
  const sqlite = new SQLite(db, { readonly: true });
  try {
    const row = sqlite
      .prepare('SELECT count(*) AS n FROM marketing_unsubscribes WHERE tenant = ? AND email_hash = ?')
      .get(slug, unsubscribeHash(slug, email)) as { n: number } | undefined;
    return row?.n ?? 0;
  } finally {
    sqlite.close();
  }
}

/** L1: a client navigation's answers name nothing of the internal tree, and still carry the page. */
async function navigationChecks(probe: Probe): Promise<Check[]> {
  const checks: Check[] = [];
  // A client that holds no page yet (the root segment, no children): the server sends the whole page.
  const tree = encodeURIComponent(JSON.stringify(['', {}]));
  for (const path of ['/', '/search/used-cars']) {
    const headers = { rsc: '1', 'next-router-state-tree': tree };
    const hash = await computeCacheBustingSearchParam(undefined, undefined, tree, undefined);
    const navigation = await probe({ path: `${path}${path.includes('?') ? '&' : '?'}_rsc=${hash}`, headers });
    const prefetch = await probe({
      path: `${path}?_rsc=${await computeCacheBustingSearchParam('1', undefined, tree, undefined)}`,
      headers: { ...headers, 'next-router-prefetch': '1' },
    });
    // Without the hash Next redirects to the address with it: that answer names nothing either.
    const unhashed = await probe({ path, headers });
    const leaks = [navigation, prefetch, unhashed].flatMap(internalHeaders);
    checks.push({
      name: `L1: a client navigation to ${path} (RSC: 1, its prefetch, its unhashed form) names no internal path, version or stock generation`,
      ok:
        leaks.length === 0 &&
        navigation.status === 200 &&
        String(navigation.headers['content-type']).startsWith('text/x-component') &&
        navigation.body.length > 0,
      detail: `answered ${navigation.status} ${String(navigation.headers['content-type'])} (${navigation.body.length} bytes), prefetch ${prefetch.status}, unhashed ${unhashed.status}; ${leaks.length ? `leaks ${leaks.join('; ')}` : 'no internal names in any header'}`,
    });
  }
  return checks;
}

/** L7: an address is unsubscribed only with its e-mail link's token; the link and one-click work. */
async function unsubscribeChecks(probe: Probe, db: string, site: SiteFacts): Promise<Check[]> {
  const slug = slugOf(site.host);
  if (!slug)
    return [
      { name: 'L7: the site of the first host is known', ok: false, detail: `no tenant file lists ${site.host}` },
    ];
  const key = unsubscribeKey(serverSecret(db));
  const stamp = Date.now();
  const post = (body: string, ip: string, type = 'application/json', path = '/api/unsubscribe') =>
    probe({ method: 'POST', path, headers: { 'content-type': type, 'x-forwarded-for': ip }, body });
  const victim = `abuse-low-victim-${stamp}@example.com`;
  const bare = await post(JSON.stringify({ email: victim }), '10.30.7.1');
  const forged = await post(
    JSON.stringify({ email: victim, token: createUnsubscribeToken(slug, `abuse-low-other-${stamp}@example.com`, key) }),
    '10.30.7.2',
  );
  const viaForm = await post(
    new URLSearchParams({ email: victim }).toString(),
    '10.30.7.3',
    'application/x-www-form-urlencoded',
  );
  const checks: Check[] = [
    {
      name: 'L7: an address without its link’s token (or with another address’s) is not unsubscribed, and the answer says to use the link',
      ok:
        bare.status === 403 &&
        String(json(bare).error ?? '').includes('unsubscribe link') &&
        forged.status === 403 &&
        viaForm.status === 303 &&
        String(viaForm.headers.location ?? '').includes('result=link') &&
        unsubscribedRows(db, slug, victim) === 0,
      detail: `bare ${bare.status} "${String(json(bare).error ?? '').slice(0, 80)}", another address's token ${forged.status}, plain form ${viaForm.status} ${String(viaForm.headers.location ?? '')}; recorded ${unsubscribedRows(db, slug, victim)}`,
    },
  ];
  const owner = `abuse-low-owner-${stamp}@example.com`;
  const signed = await post(
    JSON.stringify({ email: owner, token: createUnsubscribeToken(slug, owner, key) }),
    '10.30.7.4',
  );
  const clicker = `abuse-low-click-${stamp}@example.com`;
  const oneClick = await post(
    'List-Unsubscribe=One-Click',
    '10.30.7.5',
    'application/x-www-form-urlencoded',
    `/api/unsubscribe?${new URLSearchParams({ email: clicker, token: createUnsubscribeToken(slug, clicker, key) ?? '' }).toString()}`,
  );
  checks.push({
    name: 'L7: the link in an e-mail unsubscribes its address, from the page and as a one-click List-Unsubscribe (RFC 8058)',
    ok:
      signed.status === 200 &&
      oneClick.status === 200 &&
      unsubscribedRows(db, slug, owner) === 1 &&
      unsubscribedRows(db, slug, clicker) === 1,
    detail: `page post ${signed.status}, one-click ${oneClick.status}; recorded ${unsubscribedRows(db, slug, owner)} and ${unsubscribedRows(db, slug, clicker)}`,
  });
  return checks;
}

/** L8: /healthz tells anyone only whether the server is up. */
async function healthChecks(probe: Probe, port: number, site: SiteFacts): Promise<Check[]> {
  const answers = [
    await probe({ path: '/healthz', headers: { 'x-forwarded-for': '203.0.113.7' } }),
    await probe({
      path: '/healthz',
      headers: { 'x-forwarded-for': '203.0.113.8', authorization: 'Bearer guess-guess-guess-guess-guess' },
    }),
    await rawRequest({
      port,
      host: `127.0.0.1:${port}`,
      path: '/healthz',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    }),
  ];
  const bodies = answers.map((res) => res.body.toString('utf8'));
  const checks: Check[] = [
    {
      name: 'L8: /healthz from a forwarded client says only that the server is up (no outbox, tenant or feed details)',
      ok: answers.every((res) => res.status === 200) && bodies.every((body) => body === '{"status":"ok"}'),
      detail: `answered ${answers.map((res) => res.status).join(', ')} on ${site.host} and 127.0.0.1: ${bodies[0]?.slice(0, 120)}`,
    },
  ];
  const token = process.env.HEALTH_TOKEN?.trim();
  if (token) {
    const detailed = await probe({ path: '/healthz', headers: { authorization: `Bearer ${token}` } });
    const body = json(detailed);
    checks.push({
      name: 'L8: the holder of HEALTH_TOKEN reads the details',
      ok: detailed.status === 200 && 'leadOutbox' in body && 'tenants' in body && 'feeds' in body,
      detail: `answered ${detailed.status} with ${Object.keys(body).join(', ')}`,
    });
  }
  return checks;
}

/** L9: a preview token that is tampered with, expired or another site's is refused with a 403 and a sentence. */
async function previewChecks(
  probe: Probe,
  db: string,
  site: SiteFacts,
  other: SiteFacts | undefined,
): Promise<Check[]> {
  const slug = slugOf(site.host);
  if (!slug)
    return [
      { name: 'L9: the site of the first host is known', ok: false, detail: `no tenant file lists ${site.host}` },
    ];
  const key = previewKey(serverSecret(db));
  const grant = { slug, versionId: 0, sequence: 1 };
  const good = createPreviewToken(grant, key);
  const dot = good.indexOf('.');
  const signature = good.slice(dot + 1);
  const tampered = `${good.slice(0, dot + 1)}${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
  const otherSlug = other ? slugOf(other.host) : undefined;
  const tokens: [string, string][] = [
    ['tampered', tampered],
    ['expired', createPreviewToken(grant, key, new Date(Date.now() - 60 * 60_000))],
    ...(otherSlug
      ? ([['another site’s', createPreviewToken({ ...grant, slug: otherSlug }, key)]] as [string, string][])
      : []),
  ];
  // Previews are served on <slug>.<PREVIEW_DOMAIN> (issue 30 L2: run.ts gives its server
  // ABUSE_PREVIEW_DOMAIN), and were served on the site's own host before: both are asked.
  const hosts = [site.host, `${slug}.${ABUSE_PREVIEW_DOMAIN}`];
  const answers = await Promise.all(
    hosts.flatMap((host) =>
      tokens.map(async ([what, token]) => ({ what, host, res: await probe({ host, path: `/_preview/${token}` }) })),
    ),
  );
  const refused = answers.filter(({ res }) => res.status === 403);
  return [
    {
      name: 'L9: a tampered, expired or another site’s preview token answers 403 with its sentence, never 200',
      ok:
        refused.length >= tokens.length &&
        answers.every(({ res }) => res.status !== 200 && res.status < 500) &&
        refused.every(({ res }) => res.body.toString('utf8').includes('No preview to show')),
      detail: answers.map(({ what, host, res }) => `${what} on ${host}: ${res.status}`).join('; '),
    },
  ];
}

/**
 * The -H defect: `node scripts/serve.mjs -H 127.0.0.1` answered 404 to every dealer host and the
 * Studio while /healthz worked. A second server on the next port, listening on 127.0.0.1 only, with
 * a Studio host; it delivers nothing and expires nothing (the first server does that), and is stopped
 * before the suite goes on.
 */
async function listenAddressCheck(port: number, db: string, site: SiteFacts): Promise<Check> {
  const second = port + 1;
  const studio = ABUSE_STUDIO_HOST;
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, 'scripts/serve.mjs', '-p', String(second), '-H', '127.0.0.1'],
    {
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
        DATABASE_URL: `file:${db}`,
        ALLOW_LOCALHOST_TENANTS: '',
        STUDIO_HOST: studio,
        PREVIEW_DOMAIN: ABUSE_PREVIEW_DOMAIN,
        LEADS_OUTBOX: 'off',
        RESERVATION_EXPIRY: 'off',
        FEED_SCHEDULER: 'off',
        LEADS_MAIL_DIR: 'data/test/abuse-mail',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    await waitForServer(second, 90_000);
    const home = await rawRequest({ port: second, host: site.host, path: '/' });
    const studioHome = await rawRequest({ port: second, host: studio, path: '/' });
    return {
      name: '`npm start -H 127.0.0.1` serves the dealer sites and the Studio, not only /healthz',
      ok: home.status === 200 && studioHome.status > 0 && studioHome.status < 400,
      detail: `${site.host}/ answered ${home.status}, ${studio}/ answered ${studioHome.status} ${String(studioHome.headers.location ?? '')}`,
    };
  } catch (error) {
    return {
      name: '`npm start -H 127.0.0.1` serves the dealer sites and the Studio, not only /healthz',
      ok: false,
      detail: `${error instanceof Error ? error.message : String(error)}\n${log.slice(-600)}`,
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

export async function lowReproductions(ctx: Context): Promise<Check[]> {
  const site = ctx.sites.find((s) => s.host.includes('southerncross')) ?? ctx.sites[0];
  if (!site) return [{ name: 'the demo sites are there', ok: false, detail: 'no site facts' }];
  const other = ctx.sites.find((s) => s.host !== site.host);
  const probe: Probe = (options) => ctx.probe({ host: site.host, ...options });
  return [
    ...(await navigationChecks(probe)),
    ...(await unsubscribeChecks(probe, ctx.db, site)),
    ...(await healthChecks(probe, ctx.port, site)),
    ...(await previewChecks(probe, ctx.db, site, other)),
    await listenAddressCheck(ctx.port, ctx.db, site),
  ];
}
