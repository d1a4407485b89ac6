import { describe, expect, it } from 'vitest';
import { isStudioHost, isStudioPath, studioHost, studioOrigin, studioOriginForPreview } from './studio-host';

const demo = { ALLOW_LOCALHOST_TENANTS: '1' };
const production = { NODE_ENV: 'production', STUDIO_HOST: 'Studio.Example.com' };

describe('the Studio host (issue 16: it answers on its own host, never on a dealer domain)', () => {
  it('is studio.localhost where localhost hosts are served, STUDIO_HOST when set, and none otherwise', () => {
    expect(studioHost(demo)).toBe('studio.localhost');
    expect(studioHost({ NODE_ENV: 'development' })).toBe('studio.localhost');
    expect(studioHost(production)).toBe('studio.example.com');
    // A production server without STUDIO_HOST has no Studio at all.
    expect(studioHost({ NODE_ENV: 'production' })).toBeUndefined();
  });

  it('matches the Host header normalised: case, port and a trailing dot do not matter', () => {
    expect(isStudioHost('studio.localhost:3000', demo)).toBe(true);
    expect(isStudioHost('STUDIO.localhost.', demo)).toBe(true);
    expect(isStudioHost('harbour-city-mazda.localhost:3000', demo)).toBe(false);
    expect(isStudioHost('studio.localhost.evil.example', demo)).toBe(false);
    expect(isStudioHost(null, demo)).toBe(false);
    expect(isStudioHost('studio.localhost', { NODE_ENV: 'production' })).toBe(false);
  });

  it('gives the origin: http with the port on .localhost, https on a real name, none on another host', () => {
    expect(studioOrigin('studio.localhost:3100', demo)).toBe('http://studio.localhost:3100');
    expect(studioOrigin('studio.example.com', production)).toBe('https://studio.example.com');
    expect(studioOrigin('www.harbourcitymazda.com.au', production)).toBeUndefined();
    // Seen from a preview page: the one origin it may post to (the header check, issue 32).
    expect(studioOriginForPreview('harbour-city-mazda.localhost:3100', demo)).toBe('http://studio.localhost:3100');
    expect(studioOriginForPreview('harbour-city-mazda.preview.example.com', production)).toBe(
      'https://studio.example.com',
    );
    expect(studioOriginForPreview('harbour-city-mazda.preview.example.com', { NODE_ENV: 'production' })).toBe(
      undefined,
    );
  });

  it('recognises every spelling of a Studio path, and nothing else', () => {
    for (const path of ['/studio', '/studio/', '/studio/sites/x', '/api/studio', '/api/studio/auth/sign-in/email'])
      expect(isStudioPath(path), path).toBe(true);
    for (const path of ['/STUDIO', '/%73tudio', '//api//studio/sites', '/Api/Studio/', '/api/%73tudio/x'])
      expect(isStudioPath(path), path).toBe(true);
    for (const path of ['/', '/studios', '/studio-apartment', '/api/auth/sign-in', '/cars/studio', '/site/studio'])
      expect(isStudioPath(path), path).toBe(false);
  });
});
