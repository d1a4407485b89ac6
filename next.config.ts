import type { NextConfig } from 'next';
import { BASE_SECURITY_HEADERS } from './server/http/security-headers';
import { PHOTO_DEVICE_WIDTHS, PHOTO_IMAGE_WIDTHS } from './domain/vehicle-photo-source';

/** The page cache's memory budget (bytes): least recently used pages are dropped past it. */
const PAGE_CACHE_BYTES = (Number(process.env.PAGE_CACHE_MB) || 64) * 1024 * 1024;
/**
 * The optimised-image cache's disk budget per process (bytes; IMAGE_CACHE_MB, default 256). Its
 * entries are resized variants of the sites' own images (fixed widths and one quality), so it holds
 * at most what the images need; past the budget the least recently used variants are dropped
 * (Next's LRU), so a flood of requests can never fill the disk. The image route's cache of feed
 * photos on other hosts (services/images, IMAGE_CACHE_DIR) is the only other cache on local disk,
 * with the same budget of its own and the same rule.
 */
const IMAGE_CACHE_BYTES = (Number(process.env.IMAGE_CACHE_MB) || 256) * 1024 * 1024;

const config: NextConfig = {
  // Native and filesystem-heavy modules stay outside the server bundle.
  serverExternalPackages: ['better-sqlite3', 'sharp'],
  poweredByHeader: false,
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
  images: {
    maximumDiskCacheSize: IMAGE_CACHE_BYTES,
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
