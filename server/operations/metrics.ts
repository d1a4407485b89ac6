/**
 * GET /metrics (issue 35): the platform's metrics in Prometheus's text format (prom-client), for the
 * operator's scraper only. Every metric name starts with `platform_`, besides prom-client's own process
 * and Node.js metrics (event-loop lag, heap, garbage collection, open handles).
 *
 * Counted as they happen, in this process:
 *   platform_http_requests_total{route_kind,status}        every answer, by kind of route and status
 *   platform_http_request_duration_seconds{route_kind}     time to the last byte (pages: render time on a miss)
 *   platform_cache_requests_total{cache,outcome}           page (Next's page cache), document and image caches: hit, miss, stale
 *   platform_search_duration_seconds{engine}               each stock search, embedded or meilisearch
 *   platform_feed_pulls_total{outcome}                     scheduled and one-off feed pulls by outcome
 * Read from the database when scraped (the same for every process; label them by instance):
 *   platform_lead_deliveries{state}                        pending, retrying, dead
 *   platform_reservations_held                              cars held by online reservations
 *   platform_tenant_published_version{site}                the version each site is served from (0: its file)
 *   platform_db_pool_connections{state}                     PostgreSQL pool: total, idle, waiting (SQLite: 1 total)
 *
 * Who may read it is metricsAccess() below.
 */
import { BlockList, isIP } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import { databasePoolUse, getDatabase } from '../../services/db/database';
import { outboxState } from '../../services/leads/outbox';
import { caches, durations, feedPulls, metric, registry, requests, searches } from '../../services/metrics';

type Env = Readonly<Record<string, string | undefined>>;

/** The gauges read from the database and the registry when scraped. */
function installGauges(): void {
  metric(
    'platform_lead_deliveries',
    () =>
      new client.Gauge({
        name: 'platform_lead_deliveries',
        help: 'Lead deliveries waiting (pending; retrying: pending after at least one failure) and given up on (dead: `npm run leads -- --retry`).',
        labelNames: ['state'],
        async collect() {
          const state = await outboxState(await getDatabase());
          this.set({ state: 'pending' }, state.pending);
          this.set({ state: 'retrying' }, state.retrying);
          this.set({ state: 'dead' }, state.dead);
        },
      }),
  );
  metric(
    'platform_reservations_held',
    () =>
      new client.Gauge({
        name: 'platform_reservations_held',
        help: 'Cars held by online reservations now.',
        async collect() {
          const row = await (
            await getDatabase()
          )
            .selectFrom('reservations')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'held')
            .executeTakeFirst();
          this.set(Number(row?.n ?? 0));
        },
      }),
  );
  metric(
    'platform_tenant_published_version',
    () =>
      new client.Gauge({
        name: 'platform_tenant_published_version',
        help: 'The published version each site is served from (0: from its tenant file), as this process sees it.',
        labelNames: ['site'],
        collect() {
          this.reset();
          for (const [slug, entry] of loadTenantRegistry().tenants) this.set({ site: slug }, entry.versionId ?? 0);
        },
      }),
  );
  metric(
    'platform_db_pool_connections',
    () =>
      new client.Gauge({
        name: 'platform_db_pool_connections',
        help: 'Database connections of this process: total, idle and waiting requests (PostgreSQL pool; SQLite is one connection).',
        labelNames: ['state'],
        collect() {
          const use = databasePoolUse();
          this.set({ state: 'total' }, use.total);
          this.set({ state: 'idle' }, use.idle);
          this.set({ state: 'waiting' }, use.waiting);
        },
      }),
  );
}

const DEFAULTS = Symbol.for('dealer-platform.default-metrics');

/** The metrics text, with every gauge read now. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const holder = globalThis as { [DEFAULTS]?: boolean };
  if (!holder[DEFAULTS]) {
    holder[DEFAULTS] = true;
    client.collectDefaultMetrics({ register: registry });
  }
  installGauges();
  // Created at zero, so the names are there before the first event.
  requests();
  durations();
  caches();
  searches();
  feedPulls();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** Addresses that may read /metrics without the token (METRICS_ALLOW), as a block list. */
function allowList(text: string): BlockList {
  const list = new BlockList();
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address = '', bits] = part.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : isIP(address) === 4 ? 'ipv4' : undefined;
    if (!family)
      throw new Error(`METRICS_ALLOW has "${part}", which is not an IP address or a network such as 10.0.0.0/8.`);
    const prefix = bits === undefined ? (family === 'ipv4' ? 32 : 128) : Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 'ipv4' ? 32 : 128))
      throw new Error(`METRICS_ALLOW has "${part}", whose network size is not valid.`);
    list.addSubnet(address, prefix, family);
  }
  return list;
}

/** The minimum length of METRICS_TOKEN (as HEALTH_TOKEN's). */
export const METRICS_TOKEN_MIN_CHARS = 24;

/** The access settings from the environment; a value they cannot use is an error naming it (a startup check). */
export function metricsSettings(env: Env): { token?: string; allow: BlockList } {
  const token = env.METRICS_TOKEN || undefined;
  if (token && token.length < METRICS_TOKEN_MIN_CHARS)
    throw new Error(
      `METRICS_TOKEN has ${token.length} characters; it needs at least ${METRICS_TOKEN_MIN_CHARS} random ones.`,
    );
  return { ...(token ? { token } : {}), allow: allowList(env.METRICS_ALLOW ?? '127.0.0.1,::1') };
}

export interface MetricsRequest {
  authorization?: string;
  /** The address of the connection (not a forwarded one). */
  remoteAddress?: string;
  /** Whether the request names a client behind a proxy (X-Forwarded-For or Forwarded). */
  forwarded: boolean;
  /** Whether the Host is one of the dealer sites'. */
  siteHost: boolean;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether a request may read /metrics. With `Authorization: Bearer <METRICS_TOKEN>`: yes, from
 * anywhere. Without it: only straight from an address in METRICS_ALLOW (default: this machine), not
 * through a proxy (a reverse proxy on this machine would make every shopper's request come from
 * here), and not on a dealer site's own host name. Anyone else gets the 404 of a page that is not there.
 */
export function metricsAccess(settings: { token?: string; allow: BlockList }, request: MetricsRequest): boolean {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.authorization ?? '')?.[1];
  if (settings.token && bearer) return sameText(bearer, settings.token);
  if (request.forwarded || request.siteHost || !request.remoteAddress) return false;
  const address = request.remoteAddress.replace(/^::ffff:/, '');
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return settings.allow.check(address, family);
}
