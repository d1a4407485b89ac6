import type { NextConfig } from 'next';

const config: NextConfig = {
  // Native and filesystem-heavy modules stay outside the server bundle.
  serverExternalPackages: ['better-sqlite3', 'sharp'],
  poweredByHeader: false,
  experimental: {
    // The browser keeps recent search results for 30 s in Next's bounded client cache (evicting
    // the oldest), so going back and forth between filters does not ask the server again.
    staleTimes: { dynamic: 30 },
  },
  images: {
    qualities: [75],
    // Fewer candidate widths: shorter srcsets on pages with many cards, and fewer variants to cache.
    deviceSizes: [640, 828, 1200, 1920],
    imageSizes: [96, 256, 384],
    formats: ['image/avif', 'image/webp'],
    localPatterns: [{ pathname: '/media/**' }, { pathname: '/assets/**' }],
  },
};

export default config;
