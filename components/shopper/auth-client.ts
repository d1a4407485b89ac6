/**
 * The shopper's account calls (the sign-in page's steps, the account page's sign-out), through
 * better-auth's typed client with the plugins the server runs (services/auth/auth-instance: e-mail
 * codes and phone numbers). Every answer comes back as an AuthAnswer: ok, or the server's error
 * code and a message a shopper can read.
 */
import { createAuthClient } from 'better-auth/client';
import { emailOTPClient, phoneNumberClient } from 'better-auth/client/plugins';

/** Where the site's account calls answer: services/auth's AUTH_BASE_PATH, served by app/api/auth. */
export const AUTH_BASE_PATH = '/api/auth';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';
export const UNREACHABLE = 'We could not reach the site. Check your connection and try again.';

/** A client for the site at `origin` (the page's own: sessions and limits are per site and origin). */
export function createSignInClient(origin: string) {
  return createAuthClient({
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    // The page moves on by itself after signing in (favourites, mobile number): no redirects by the client.
    disableDefaultFetchPlugins: true,
    plugins: [emailOTPClient(), phoneNumberClient()],
  });
}

export type SignInClient = ReturnType<typeof createSignInClient>;

let pageClient: SignInClient | undefined;

/** The client for this page's site, made on first use (in the browser, never while rendering on the server). */
export function signInClient(): SignInClient {
  pageClient ??= createSignInClient(window.location.origin);
  return pageClient;
}

export interface AuthAnswer {
  ok: boolean;
  /** The library's error code, e.g. EMAIL_NOT_VERIFIED. */
  code?: string;
  message?: string;
}

interface CallResult {
  error: { status: number; code?: string | undefined; message?: string | undefined } | null;
}

/** One account call: ok, or `{ code, message }` (too many attempts and an unreachable site in our own words). */
export async function authCall(call: () => Promise<CallResult>): Promise<AuthAnswer> {
  try {
    const { error } = await call();
    if (!error) return { ok: true };
    if (error.status === 429) return { ok: false, message: TOO_MANY_ATTEMPTS };
    return {
      ok: false,
      ...(error.code ? { code: error.code } : {}),
      ...(error.message ? { message: error.message } : {}),
    };
  } catch {
    return { ok: false, message: UNREACHABLE };
  }
}
