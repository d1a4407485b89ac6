/**
 * The Studio sign-in page's calls, through better-auth's typed client with the plugin the staff
 * server runs (services/staff-auth: e-mail codes). Every answer comes back as ok, or a sentence a
 * staff member can act on.
 */
import { createAuthClient } from 'better-auth/client';
import { emailOTPClient } from 'better-auth/client/plugins';

/** services/staff-auth's STAFF_AUTH_BASE_PATH, served by app/api/studio/auth on the Studio's host. */
export const STAFF_AUTH_BASE_PATH = '/api/studio/auth';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
export const UNREACHABLE = 'The Studio could not be reached. Check your connection and try again.';
const WRONG_PASSWORD = 'That e-mail address and password do not match a Studio account.';
const WRONG_CODE = 'That code is not right, or it has expired. Check it, or ask for a new one.';

function createStaffClient(origin: string) {
  return createAuthClient({
    baseURL: origin,
    basePath: STAFF_AUTH_BASE_PATH,
    // The page moves on by itself once signed in.
    disableDefaultFetchPlugins: true,
    plugins: [emailOTPClient()],
  });
}

let pageClient: ReturnType<typeof createStaffClient> | undefined;

/** Made on first use, in the browser only. */
function client() {
  pageClient ??= createStaffClient(window.location.origin);
  return pageClient;
}

export type StaffAnswer = { ok: true } | { ok: false; message: string };

interface CallResult {
  error: { status: number; code?: string | undefined; message?: string | undefined } | null;
}

async function call(run: () => Promise<CallResult>, messages: Record<string, string> = {}): Promise<StaffAnswer> {
  try {
    const { error } = await run();
    if (!error) return { ok: true };
    if (error.status === 429) return { ok: false, message: TOO_MANY_ATTEMPTS };
    const known = error.code ? messages[error.code] : undefined;
    return { ok: false, message: known ?? error.message ?? 'Signing in did not work. Please try again.' };
  } catch {
    return { ok: false, message: UNREACHABLE };
  }
}

export function signInWithPassword(email: string, password: string): Promise<StaffAnswer> {
  return call(() => client().signIn.email({ email, password }), {
    INVALID_EMAIL_OR_PASSWORD: WRONG_PASSWORD,
    INVALID_EMAIL: 'Enter your e-mail address, like name@example.com.',
  });
}

export function sendSignInCode(email: string): Promise<StaffAnswer> {
  return call(() => client().emailOtp.sendVerificationOtp({ email, type: 'sign-in' }), {
    INVALID_EMAIL: 'Enter your e-mail address, like name@example.com.',
  });
}

export function signInWithCode(email: string, otp: string): Promise<StaffAnswer> {
  return call(() => client().signIn.emailOtp({ email, otp }), {
    INVALID_OTP: WRONG_CODE,
    OTP_EXPIRED: WRONG_CODE,
    TOO_MANY_ATTEMPTS: TOO_MANY_ATTEMPTS,
  });
}
