/**
 * Signed unsubscribe links (issue 30, L7): withdrawing marketing consent on a site needs a token that
 * only this platform can make for that site and that address, carried by the link in the e-mails
 * the address receives. Anyone could otherwise stop anyone's e-mails by typing their address.
 *
 * A token is the HMAC-SHA256 (base64url, 43 characters) of the site's slug and the address as the
 * unsubscribe compares it (trimmed, lower-cased), under a key derived from the auth secret, so every
 * process makes and accepts the same tokens. It does not expire: an unsubscribe link must work for
 * as long as the e-mail it is in may be read (the US CAN-SPAM Act asks for at least 30 days, and
 * mail providers keep one-click links). A new AUTH_SECRET makes the links already sent stop working.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  normaliseEmail,
  oneClickUnsubscribeUrl,
  UNSUBSCRIBE_TOKEN_PATTERN,
  unsubscribeUrl,
} from '../../domain/consent/marketing-consent';
import { authSecret } from '../auth/auth-instance';

/** The key tokens are signed with: derived from the auth secret, so it is the same in every process. */
export function unsubscribeKey(secret: string = authSecret()): Buffer {
  return createHmac('sha256', secret).update('marketing-unsubscribe-token-v1').digest();
}

const sign = (site: string, address: string, key: Buffer): Buffer =>
  createHmac('sha256', key).update(`${site}\n${address}`).digest();

/** The token for `email` on `site`, or undefined when it is not an address the forms accept. */
export function createUnsubscribeToken(site: string, email: string, key: Buffer): string | undefined {
  const address = normaliseEmail(email);
  return address ? sign(site, address, key).toString('base64url') : undefined;
}

/** Whether `token` was made by this platform for `email` on `site` (compared in constant time). */
export function unsubscribeTokenMatches(token: unknown, site: string, email: unknown, key: Buffer): boolean {
  if (typeof token !== 'string' || !UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return false;
  const address = normaliseEmail(email);
  if (!address) return false;
  const given = Buffer.from(token, 'base64url');
  const expected = sign(site, address, key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The links to put in an e-mail to `email` from `site` (served at `origin`), or undefined when it is
 * not an address the forms accept: `page`, the site's unsubscribe page with the address and its
 * token (the link in the e-mail's text), and `oneClick`, the address for the e-mail's
 * `List-Unsubscribe` header with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
 */
export function signedUnsubscribeLinks(
  origin: string,
  site: string,
  email: string,
  key: Buffer,
): { page: string; oneClick: string } | undefined {
  const token = createUnsubscribeToken(site, email, key);
  const address = normaliseEmail(email);
  if (!token || !address) return undefined;
  return { page: unsubscribeUrl(origin, address, token), oneClick: oneClickUnsubscribeUrl(origin, address, token) };
}
