/**
 * Signed, short-lived preview tokens of the Tenant Studio (issue 16). The Studio gives its preview
 * frame a token naming one site and one version of its document (a draft, or 0 for what the site
 * serves now); the dealer's host renders that version only with a token that is signed with the
 * platform's secret, names that very site, and has not expired. Nothing else can make a site show
 * a draft: the public never sees one.
 *
 * A token is `<payload>.<signature>`, both base64url: the payload is JSON `{s, v, n, e}` (site slug,
 * version id, a number that changes with every save so the frame reloads, expiry in Unix seconds),
 * the signature HMAC-SHA256 of the payload text under a key derived from the auth secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from '../auth/auth-instance';

/** How long a preview token is good for; the editor gets a new one with every save. */
export const PREVIEW_TOKEN_SECONDS = 15 * 60;

/** Longer than any token this module writes: anything longer is not read at all. */
export const MAX_PREVIEW_TOKEN_CHARS = 400;

export interface PreviewGrant {
  slug: string;
  /** The version to show: a draft's id, or 0 for the site's published version (else its file). */
  versionId: number;
  /** Changes with every save, so the same draft's next preview is a new address. */
  sequence: number;
  /**
   * Show the site's last complete draft (its preview snapshot) instead of `versionId`: the draft is
   * incomplete (issue 32). `versionId` is then the draft's id, kept for the record.
   */
  snapshot?: boolean;
  /**
   * "Preview as of" (issue 32): render the site as at this moment (Unix seconds) instead of now, so
   * offers and promotions with future dates can be seen before they start.
   */
  at?: number;
}

export interface PreviewToken extends PreviewGrant {
  /** Unix seconds after which the token is refused. */
  expiresAt: number;
}

export type PreviewTokenCheck =
  { ok: true; token: PreviewToken } | { ok: false; reason: 'malformed' | 'tampered' | 'expired' | 'other-site' };

const toBase64Url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

const sign = (payload: string, key: Buffer): Buffer => createHmac('sha256', key).update(payload).digest();

/** The key tokens are signed with: derived from the auth secret, so it is the same in every process. */
export function previewKey(secret: string = authSecret()): Buffer {
  return createHmac('sha256', secret).update('tenant-studio-preview-token-v1').digest();
}

export function createPreviewToken(grant: PreviewGrant, key: Buffer, now: Date = new Date()): string {
  const token: PreviewToken = { ...grant, expiresAt: Math.floor(now.getTime() / 1000) + PREVIEW_TOKEN_SECONDS };
  const payload = toBase64Url(
    JSON.stringify({
      s: token.slug,
      v: token.versionId,
      n: token.sequence,
      e: token.expiresAt,
      ...(token.snapshot ? { p: 1 } : {}),
      ...(token.at !== undefined ? { a: token.at } : {}),
    }),
  );
  return `${payload}.${toBase64Url(sign(payload, key))}`;
}

const isWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Checks a token for the site `slug` (the host the preview is asked on). */
export function readPreviewToken(text: string, slug: string, key: Buffer, now: Date = new Date()): PreviewTokenCheck {
  if (text.length > MAX_PREVIEW_TOKEN_CHARS) return { ok: false, reason: 'malformed' };
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(text);
  if (!match?.[1] || !match[2]) return { ok: false, reason: 'malformed' };
  const [, payload, signature] = match;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(payload, key);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'tampered' };
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof body !== 'object' || body === null) return { ok: false, reason: 'malformed' };
  const { s, v, n, e, p, a } = body as Record<string, unknown>;
  if (typeof s !== 'string' || !isWhole(v) || !isWhole(n) || !isWhole(e)) return { ok: false, reason: 'malformed' };
  if (p !== undefined && p !== 1) return { ok: false, reason: 'malformed' };
  if (a !== undefined && !isWhole(a)) return { ok: false, reason: 'malformed' };
  if (s !== slug) return { ok: false, reason: 'other-site' };
  if (e <= Math.floor(now.getTime() / 1000)) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    token: {
      slug: s,
      versionId: v,
      sequence: n,
      expiresAt: e,
      ...(p === 1 ? { snapshot: true } : {}),
      ...(a !== undefined ? { at: a } : {}),
    },
  };
}
