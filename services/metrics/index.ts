/**
 * The platform's metric instruments (prom-client), counted where things happen: HTTP answers and caches
 * (scripts/serve.mjs through server/operations/lifecycle.ts), stock searches (services/search), feed
 * pulls (services/feeds). prom-client stays outside Next's bundles (next.config.ts), so every bundle of
 * the process counts into the one registry that GET /metrics reads (server/operations/metrics.ts).
 */
import client from 'prom-client';

export const registry = client.register;

/** One instance of each metric per process, whichever bundle asks first (prom-client is outside the bundles). */
export function metric<T extends client.Metric>(name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const requests = () =>
  metric(
    'platform_http_requests_total',
    () =>
      new client.Counter({
        name: 'platform_http_requests_total',
        help: 'HTTP answers, by kind of route (a page kind such as vehicle or search, api, studio, image, static, probe...) and status code.',
        labelNames: ['route_kind', 'status'],
      }),
  );
export const durations = () =>
  metric(
    'platform_http_request_duration_seconds',
    () =>
      new client.Histogram({
        name: 'platform_http_request_duration_seconds',
        help: 'Seconds from a request to the last byte of its answer, by kind of route; for a page not in a cache this is its render time.',
        labelNames: ['route_kind'],
        buckets: DURATION_BUCKETS,
      }),
  );
export const caches = () =>
  metric(
    'platform_cache_requests_total',
    () =>
      new client.Counter({
        name: 'platform_cache_requests_total',
        help: "Answers by cache and outcome: page (Next's page cache: hit, stale, miss), document (first loads of search pages), image (optimised pictures).",
        labelNames: ['cache', 'outcome'],
      }),
  );
export const searches = () =>
  metric(
    'platform_search_duration_seconds',
    () =>
      new client.Histogram({
        name: 'platform_search_duration_seconds',
        help: 'Seconds per stock search (a results page, or the similar cars of a vehicle page), by engine.',
        labelNames: ['engine'],
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      }),
  );
export const feedPulls = () =>
  metric(
    'platform_feed_pulls_total',
    () =>
      new client.Counter({
        name: 'platform_feed_pulls_total',
        help: 'Stock feed pulls made by this process, by outcome (imported, unchanged, failed...).',
        labelNames: ['outcome'],
      }),
  );

/** The cache status headers the server's caches set on an answer, and the metric's name for each. */
const CACHE_HEADERS: readonly (readonly [header: string, cache: string])[] = [
  ['x-nextjs-cache', 'page'],
  ['x-document-cache', 'document'],
  ['x-image-cache', 'image'],
];

/** One answer, as scripts/serve.mjs sees it finish. */
export function recordRequest(
  routeKind: string,
  status: number,
  seconds: number,
  header: (name: string) => unknown,
): void {
  requests().inc({ route_kind: routeKind, status: String(status) });
  durations().observe({ route_kind: routeKind }, seconds);
  for (const [name, cache] of CACHE_HEADERS) {
    const value = header(name);
    if (typeof value === 'string' && value) caches().inc({ cache, outcome: value.toLowerCase() });
  }
}

export function recordSearch(engine: string, seconds: number): void {
  searches().observe({ engine }, seconds);
}

export function recordFeedPull(outcome: string): void {
  feedPulls().inc({ outcome });
}
