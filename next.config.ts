import type { NextConfig } from 'next';
import { BASE_SECURITY_HEADERS } from './server/http/security-headers';
import { PHOTO_DEVICE_WIDTHS, PHOTO_IMAGE_WIDTHS } from './domain/vehicle-photo-source';

/** The page cache's memory budget (bytes): least recently used pages are dropped past it. */
const PAGE_CACHE_BYTES = (Number(process.env.PAGE_CACHE_MB) || 64) * 1024 * 1024;

const config: NextConfig = {
  // Native and filesystem-heavy modules stay outside the server bundle.
  // prom-client, pino and OpenTelemetry too: one copy per process, so every bundle counts into the one
  // metrics registry, writes through the one logger and records spans with the one tracer (server/operations).
  serverExternalPackages: [
    'better-sqlite3',
    'sharp',
    'prom-client',
    'pino',
    '@opentelemetry/api',
    '@opentelemetry/sdk-trace-node',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/resources',
  ],
  poweredByHeader: false,
  // Types are checked by `npm run typecheck` (npm test runs it before the build), not again by the
  // build: a production install (`npm ci --omit=dev && npm run build`) has no reason to, and it saves
  // a minute per build on two cores.
  typescript: { ignoreBuildErrors: true },
  // Cached pages live in a bounded in-memory LRU, never on disk: a flood of URLs cannot fill the
  // disk the lead database lives on (issue 14), and each process's cache follows its own
  // revalidations. A restarted process renders its pages again on first request.
  cacheMaxMemorySize: PAGE_CACHE_BYTES,
  async headers() {
    return [
      { source: '/:path*', headers: Object.entries(BASE_SECURITY_HEADERS).map(([key, value]) => ({ key, value })) },
    ];
  },
  experimental: {
    isrFlushToDisk: false,
    // The browser keeps recent search results for 30 s in Next's bounded client cache (evicting
    // the oldest), so going back and forth between filters does not ask the server again.
    staleTimes: { dynamic: 30 },
    // forbidden() and forbidden.tsx: the Studio answers 403 for a site outside a staff member's grant.
    authInterrupts: true,
    // The proxy sees /api/studio/* and keeps only this much of a request body: the Studio's image
    // upload takes 10 MB plus the form's wrapping (studio/api/media-route.ts refuses more itself).
    proxyClientMaxBodySize: '11mb',
  },
  // Next keeps optimised images on disk only when isrFlushToDisk is on, which it is not (above), so
  // its optimiser caches nothing itself: the platform's server keeps its results in a bounded memory
  // cache instead (server/http/image-cache.ts, IMAGE_MEMORY_CACHE_MB). The only cache on local disk
  // is the image route's, of feed photos on other hosts (services/images, IMAGE_CACHE_MB).
  images: {
    qualities: [75],
    // Fewer candidate widths: shorter srcsets on pages with many cards, and fewer variants to cache.
    // The image route for feed photos on other hosts (app/api/images) makes the same widths.
    deviceSizes: [...PHOTO_DEVICE_WIDTHS],
    imageSizes: [...PHOTO_IMAGE_WIDTHS],
    formats: ['image/avif', 'image/webp'],
    // Only the platform's own pictures. Feed photos on dealers' hosts are not remotePatterns here:
    // which hosts a site may show is per tenant (images.remoteHosts) or per platform (IMAGE_HOSTS),
    // and the image route (app/api/images) checks that, with the addresses, for every photo.
    localPatterns: [{ pathname: '/media/**' }, { pathname: '/assets/**' }],
  },
};

export default config;
