import type { NextConfig } from 'next';

const config: NextConfig = {
  // Native and filesystem-heavy modules stay outside the server bundle.
  serverExternalPackages: ['better-sqlite3', 'sharp'],
  poweredByHeader: false,
  images: {
    qualities: [75],
    formats: ['image/avif', 'image/webp'],
    localPatterns: [{ pathname: '/media/**' }, { pathname: '/assets/**' }],
  },
};

export default config;
