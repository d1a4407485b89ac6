import { describe, expect, it } from 'vitest';
import { createPreviewToken, previewKey, PREVIEW_TOKEN_SECONDS, readPreviewToken } from './preview-token';

const key = previewKey('a-test-secret-of-at-least-thirty-two-characters');
const now = new Date('2026-11-23T10:00:00Z');
const grant = { slug: 'southern-cross-motors', versionId: 42, sequence: 3 };

describe('Studio preview tokens (issue 16: "a signed, short-lived preview token; the public never sees a draft")', () => {
  it('a token names its site, version and save, and is good for its lifetime', () => {
    const token = createPreviewToken(grant, key, now);
    const check = readPreviewToken(token, 'southern-cross-motors', key, now);
    expect(check).toEqual({
      ok: true,
      token: { ...grant, expiresAt: now.getTime() / 1000 + PREVIEW_TOKEN_SECONDS },
    });
    const justBefore = new Date(now.getTime() + (PREVIEW_TOKEN_SECONDS - 1) * 1000);
    expect(readPreviewToken(token, grant.slug, key, justBefore).ok).toBe(true);
  });

  it('may name the last complete draft instead (issue 32), and that cannot be added to a token by hand', () => {
    const token = createPreviewToken({ ...grant, snapshot: true }, key, now);
    expect(readPreviewToken(token, grant.slug, key, now)).toEqual({
      ok: true,
      token: { ...grant, snapshot: true, expiresAt: now.getTime() / 1000 + PREVIEW_TOKEN_SECONDS },
    });
    const [payload = '', signature = ''] = createPreviewToken(grant, key, now).split('.');
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...body, p: 1 })).toString('base64url');
    expect(readPreviewToken(`${forged}.${signature}`, grant.slug, key, now)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('may render the site as of another moment ("Preview as of", issue 32)', () => {
    const at = Date.parse('2026-12-06T06:00:00+11:00') / 1000;
    const token = createPreviewToken({ ...grant, at }, key, now);
    const check = readPreviewToken(token, grant.slug, key, now);
    expect(check.ok && check.token.at).toBe(at);
  });

  it('is refused once expired', () => {
    const token = createPreviewToken(grant, key, now);
    const later = new Date(now.getTime() + PREVIEW_TOKEN_SECONDS * 1000);
    expect(readPreviewToken(token, grant.slug, key, later)).toEqual({ ok: false, reason: 'expired' });
  });

  it("is refused on another site's host", () => {
    const token = createPreviewToken(grant, key, now);
    expect(readPreviewToken(token, 'harbour-city-mazda', key, now)).toEqual({ ok: false, reason: 'other-site' });
  });

  it('is refused when its payload is changed (another version, another site, a later expiry) or its signature is', () => {
    const token = createPreviewToken(grant, key, now);
    const [payload = '', signature = ''] = token.split('.');
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    for (const change of [{ v: 41 }, { s: 'harbour-city-mazda' }, { e: Number(body.e) + 3600 }]) {
      const forged = Buffer.from(JSON.stringify({ ...body, ...change })).toString('base64url');
      expect(readPreviewToken(`${forged}.${signature}`, String(change.s ?? grant.slug), key, now)).toEqual({
        ok: false,
        reason: 'tampered',
      });
    }
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(readPreviewToken(`${payload}.${flipped}`, grant.slug, key, now).ok).toBe(false);
  });

  it('is refused when signed with another key (another platform)', () => {
    const other = previewKey('another-secret-of-at-least-thirty-two-characters');
    expect(readPreviewToken(createPreviewToken(grant, other, now), grant.slug, key, now)).toEqual({
      ok: false,
      reason: 'tampered',
    });
  });

  it('refuses malformed text without throwing', () => {
    for (const text of ['', 'abc', 'a.b', `${'a'.repeat(500)}.${'b'.repeat(43)}`, 'x y.z', '.'])
      expect(readPreviewToken(text, grant.slug, key, now)).toEqual({ ok: false, reason: 'malformed' });
    const notJson = `${Buffer.from('not json').toString('base64url')}`;
    const signed = createPreviewToken(grant, key, now).split('.')[1] ?? '';
    expect(readPreviewToken(`${notJson}.${signed}`, grant.slug, key, now).ok).toBe(false);
  });
});
