import { timingSafeEqual } from 'node:crypto';

/**
 * Who may read /healthz's details (issue 30, L8): whoever sends `Authorization: Bearer <HEALTH_TOKEN>`.
 * No token set, no details for anyone. Kept apart from the route's loaders so the startup checks
 * can read it without loading them.
 */

type Env = Readonly<Record<string, string | undefined>>;

/** Shorter than this, a token could be guessed over HTTP. */
export const HEALTH_TOKEN_MIN_CHARS = 24;

/** HEALTH_TOKEN, or undefined when unset (no one gets the details); a short one is an error naming it (a startup check). */
export function healthToken(env: Env): string | undefined {
  const token = env.HEALTH_TOKEN?.trim();
  if (!token) return undefined;
  if (token.length < HEALTH_TOKEN_MIN_CHARS)
    throw new Error(
      `HEALTH_TOKEN is ${token.length} characters long; it must be at least ${HEALTH_TOKEN_MIN_CHARS} random characters (for example the output of \`openssl rand -base64 32\`), or unset (then /healthz gives its details to no one).`,
    );
  return token;
}

/** Whether an Authorization header carries the health token (compared in constant time). */
export function mayReadHealthDetails(authorization: string | null, env: Env): boolean {
  let token: string | undefined;
  try {
    token = healthToken(env);
  } catch {
    return false; // the server does not start with a short token; a test or a CLI may still ask
  }
  if (!token || !authorization) return false;
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
