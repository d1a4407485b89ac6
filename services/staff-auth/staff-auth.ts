/**
 * Staff accounts of the Tenant Studio (issue 16): a second better-auth instance, apart from the
 * shoppers' in every way that matters. Its tables are its own (staff_*, created by the platform
 * migration 011, never by the library at run time), its calls answer under /api/studio/auth on the
 * Studio's host only, its cookie is `studio.session_token` (shoppers' is `account.session_token`),
 * and nobody can sign up: staff are created by `npm run studio -- add-user` or an admin. Staff sign
 * in with a password or a code by e-mail; codes go where shoppers' do (the log, without SMTP_URL,
 * in development and the demo).
 */
import type { Kysely } from 'kysely';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { emailOTP } from 'better-auth/plugins';
import { databaseKind, getDatabase } from '../db/database';
import { authSecret, CLIENT_IP_HEADER, secureCookies } from '../auth/auth-instance';
import { createMessageSender, senderOptionsFromEnv, type MessageSender } from '../auth/message-sender';

export const STAFF_AUTH_BASE_PATH = '/api/studio/auth';
export const STAFF_COOKIE_PREFIX = 'studio';
/** What the code messages and the log call the sender. */
export const STUDIO_NAME = 'Tenant Studio';
const CODE_MINUTES = 10;
/** A working day: a session left open on a shared machine ends by itself. */
export const STAFF_SESSION_SECONDS = 12 * 60 * 60;
/** Staff passwords open every site they may edit: longer than a shopper's. */
export const STAFF_MIN_PASSWORD = 12;

/** The staff tables (migration 011) and their columns, in the platform's snake_case. */
export const STAFF_TABLES = {
  user: 'staff_user',
  session: 'staff_session',
  account: 'staff_account',
  verification: 'staff_verification',
  rateLimit: 'staff_rate_limit',
  grants: 'staff_grants',
} as const;

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

/** Limits per caller address and path (seconds, requests); AUTH_RATE_LIMIT_SCALE multiplies them (tests only). */
export function staffRateLimitRules(env = process.env): Record<string, { window: number; max: number }> {
  const scale = Math.max(1, Number(env.AUTH_RATE_LIMIT_SCALE ?? 1) || 1);
  const rule = (window: number, max: number) => ({ window, max: max * scale });
  return {
    '/sign-in/email': rule(60, 5),
    '/email-otp/send-verification-otp': rule(60, 3),
    '/sign-in/email-otp': rule(60, 5),
  };
}

export function staffAuthOptions(origin: string, db: Kysely<unknown>, sender: MessageSender): BetterAuthOptions {
  return {
    appName: STUDIO_NAME,
    baseURL: origin,
    basePath: STAFF_AUTH_BASE_PATH,
    secret: authSecret(),
    database: { db, type: databaseKind() },
    trustedOrigins: [origin],
    telemetry: { enabled: false },
    user: {
      modelName: STAFF_TABLES.user,
      fields: { emailVerified: 'email_verified', ...timestamps },
    },
    session: {
      modelName: STAFF_TABLES.session,
      fields: {
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        userId: 'user_id',
        ...timestamps,
      },
      expiresIn: STAFF_SESSION_SECONDS,
      updateAge: 60 * 60,
    },
    account: {
      modelName: STAFF_TABLES.account,
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: {
      modelName: STAFF_TABLES.verification,
      fields: { expiresAt: 'expires_at', ...timestamps },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: STAFF_TABLES.rateLimit,
      fields: { lastRequest: 'last_request' },
      window: 60,
      max: 100,
      customRules: staffRateLimitRules(),
    },
    emailAndPassword: {
      enabled: true,
      // Staff are created by the CLI or an admin, never by signing up.
      disableSignUp: true,
      minPasswordLength: STAFF_MIN_PASSWORD,
      requireEmailVerification: false,
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_MINUTES * 60,
        // A code for an address with no staff account is never sent, and the answer is the same.
        disableSignUp: true,
        sendVerificationOTP: async ({ email: to, otp }) =>
          sender.send({
            channel: 'email',
            site: 'studio',
            to,
            subject: `Your ${STUDIO_NAME} sign-in code`,
            text: `Your ${STUDIO_NAME} code is ${otp}. It expires in ${CODE_MINUTES} minutes. If you did not ask for it, ignore this message.`,
          }),
      }),
    ],
    advanced: {
      cookiePrefix: STAFF_COOKIE_PREFIX,
      useSecureCookies: secureCookies(origin),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: { level: 'warn' },
  };
}

export type StaffAuth = ReturnType<typeof betterAuth>;

/** One instance per origin: the Studio has one host, so this holds one or two (a port change in development). */
const MAX_INSTANCES = 8;
const instances = new Map<string, StaffAuth>();
let sender: MessageSender | undefined;

/** The staff auth for calls made on `origin` (the Studio's own, see domain/studio/studio-host). */
export async function staffAuthFor(origin: string): Promise<StaffAuth> {
  const cached = instances.get(origin);
  if (cached) return cached;
  // The staff tables come with the platform's migrations (011), which getDatabase runs.
  const db = (await getDatabase()) as unknown as Kysely<unknown>;
  sender ??= createMessageSender(senderOptionsFromEnv());
  const auth = betterAuth(staffAuthOptions(origin, db, sender));
  if (instances.size >= MAX_INSTANCES) instances.delete(instances.keys().next().value ?? '');
  instances.set(origin, auth);
  return auth;
}
