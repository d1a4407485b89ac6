import { afterEach, describe, expect, it, vi } from 'vitest';
import { previewOrigin } from './editor-data';

afterEach(() => vi.unstubAllEnvs());

describe("the preview frame's address (issue 30 L2)", () => {
  it('is the site’s development address where those are served, on the Studio’s port', () => {
    vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '1');
    expect(previewOrigin('harbour-city-mazda', 'studio.localhost:3000')).toBe(
      'http://harbour-city-mazda.localhost:3000',
    );
  });

  it('is <slug>.<PREVIEW_DOMAIN> in production, never a domain the site’s document names, and none without one', () => {
    vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '');
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PREVIEW_DOMAIN', 'preview.dealerplatform.com.au');
    expect(previewOrigin('harbour-city-mazda', 'studio.dealerplatform.com.au')).toBe(
      'https://harbour-city-mazda.preview.dealerplatform.com.au',
    );
    vi.stubEnv('PREVIEW_DOMAIN', '');
    expect(previewOrigin('harbour-city-mazda', 'studio.dealerplatform.com.au')).toBeNull();
  });
});
