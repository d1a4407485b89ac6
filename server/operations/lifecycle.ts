/**
 * The server's life seen from outside (issue 35): what `npm start` (scripts/serve.mjs, plain JavaScript
 * outside Next's bundles) asks the platform's code inside them, through one global name:
 *
 * - `warm()`: everything a first shopper would otherwise wait for, done before the server says it is
 *   ready: the database opened and migrated, the tenants read (published versions too), the search
 *   index built, and the pages each site's shoppers open first, rendered once (their code loaded).
 *   It returns the addresses to request; serve.mjs requests them through its own port, the real path.
 * - `readiness()`: whether this process can take shoppers now, with each check's result.
 * - `shutdown()`: on SIGTERM, after the server stopped taking connections: the lead outbox takes no
 *   new delivery and finishes the one it is sending (recorded, so none is lost or sent twice), then the
 *   database connections close.
 */
import { sql } from 'kysely';
import { routeKind } from '../../engine/page-kinds';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import { closeDatabases, getDatabase } from '../../services/db/database';
import { stopOutboxWorker } from '../../services/leads';
import { getSearchService } from '../../services/search';
import { recordRequest } from '../../services/metrics';
import { resolveHost } from '../../engine/resolve-host';
import { localhostTenantsAllowed } from '../../domain/host-name';
import { previewDomain } from '../../domain/studio/studio-host';
import { metricsAccess, metricsSettings, metricsText } from './metrics';
import { stopTracing } from './tracing';

export const LIFECYCLE = Symbol.for('dealer-platform.lifecycle');

/** One page to render before the server is ready: the Host it is asked for, and its path. */
export interface WarmTarget {
  host: string;
  path: string;
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, 'ok' | string>;
}

/** What scripts/serve.mjs knows of a request for /metrics. */
export interface MetricsAsk {
  host?: string;
  authorization?: string;
  remoteAddress?: string;
  forwarded: boolean;
}

export interface Lifecycle {
  warm(): Promise<WarmTarget[]>;
  readiness(): Promise<Readiness>;
  shutdown(graceMs: number): Promise<void>;
  /** One answer finished: counted by kind of route and status, with its time and cache outcomes. */
  recordRequest(routeKind: string, status: number, seconds: number, header: (name: string) => unknown): void;
  /** GET /metrics: the text for whoever may read it (metricsAccess), a 404 for anyone else. */
  metrics(ask: MetricsAsk): Promise<{ status: number; contentType: string; body: string }>;
}

/** How long the database may take to answer a readiness check. */
const READINESS_QUERY_MS = 2_000;
let searchBuilt = false;

/** The host each site answers on: its first domain, else its development address (*.localhost). */
function siteHost(tenant: { slug: string; domains: readonly string[] }): string {
  return tenant.domains[0] ?? `${tenant.slug}.localhost`;
}

/** A route with no part filled in per request (no :param, [param] or *). */
function isStaticRoute(route: string): boolean {
  return !/[:[*]/.test(route);
}

/**
 * Per site: its home page, then the first page of each other kind whose address is fixed (search,
 * location, model, form...). Rendering one page of a kind loads that kind's code for every site.
 */
export function warmTargets(): WarmTarget[] {
  const targets: WarmTarget[] = [];
  for (const entry of loadTenantRegistry().tenants.values()) {
    if (!entry.ok) continue;
    const host = siteHost(entry.config);
    targets.push({ host, path: '/' });
    // The lead form's route, once (its code is the same for every site): a GET answers 405 and loads
    // that code before the first shopper posts.
    if (!targets.some((target) => target.path === '/api/leads')) targets.push({ host, path: '/api/leads' });
    const kinds = new Set<string>(['content']);
    for (const [route, page] of Object.entries(entry.config.pages ?? {})) {
      if (!page || !isStaticRoute(route)) continue;
      const kind = routeKind(page);
      // A vehicle page shows one car, named by its address or query: without one it is a 404.
      if (kinds.has(kind) || kind === 'vehicle') continue;
      kinds.add(kind);
      targets.push({ host, path: route });
    }
  }
  return targets;
}

async function withDeadline<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const lifecycle: Lifecycle = {
  async warm() {
    await getDatabase();
    const search = await getSearchService();
    await search.refresh();
    searchBuilt = true;
    return warmTargets();
  },
  async readiness() {
    const checks: Record<string, string> = {};
    try {
      await withDeadline(READINESS_QUERY_MS, (async () => sql`select 1`.execute(await getDatabase()))());
      checks.database = 'ok';
    } catch (error) {
      // The reason (a host, a user name) goes to the log, never into the answer.
      console.error('/readyz: the database does not answer', error);
      checks.database = 'unavailable';
    }
    const entries = [...loadTenantRegistry().tenants.values()];
    checks.tenants = entries.some((entry) => entry.ok) ? 'ok' : 'no site can be served';
    checks.search = searchBuilt ? 'ok' : 'index not built yet';
    return { ready: Object.values(checks).every((value) => value === 'ok'), checks };
  },
  recordRequest,
  async metrics(ask) {
    const registry = loadTenantRegistry();
    const site = resolveHost(
      ask.host ?? null,
      registry.domains,
      new Set(registry.tenants.keys()),
      localhostTenantsAllowed(),
      previewDomain(),
    );
    const allowed = metricsAccess(metricsSettings(process.env), {
      ...(ask.authorization ? { authorization: ask.authorization } : {}),
      ...(ask.remoteAddress ? { remoteAddress: ask.remoteAddress } : {}),
      forwarded: ask.forwarded,
      siteHost: site.kind !== 'unknown',
    });
    if (!allowed) return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'Not found' };
    const { contentType, body } = await metricsText();
    return { status: 200, contentType, body };
  },
  async shutdown(graceMs) {
    await withDeadline(graceMs, stopOutboxWorker()).catch((error: unknown) =>
      console.error('Shutdown: the lead outbox did not finish its delivery in time', error),
    );
    await closeDatabases();
    await stopTracing().catch((error: unknown) => console.error('Shutdown: the last spans could not be sent', error));
  },
};

export function installLifecycle(): void {
  (globalThis as { [LIFECYCLE]?: Lifecycle })[LIFECYCLE] = lifecycle;
}
