/**
 * Shopper accounts through better-auth (sessions and hashed passwords in the platform database,
 * built-in rate limits and CSRF checks). One instance per site and origin: the origin is the only
 * trusted origin of its calls, sessions are stamped with the site that created them, and the
 * account tables are those of the site's scope (see account-scope.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { emailOTP, phoneNumber } from 'better-auth/plugins';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { DEFAULT_DATABASE_URL, databaseKind, databaseUrl, getDatabase } from '../db/database';
import { accountScope } from './account-scope';
import { createMessageSender, senderOptionsFromEnv, type MessageSender } from './message-sender';
import { isMobileNumber } from '../../domain/accounts/mobile-number';

/** Set by our route handler from the proxy-aware caller address; any client value is replaced. */
export const CLIENT_IP_HEADER = 'x-platform-client-ip';
export const AUTH_BASE_PATH = '/api/auth';
export const COOKIE_PREFIX = 'account';
const CODE_MINUTES = 10;

export type AccountTenant = Pick<ResolvedTenant, 'slug' | 'name' | 'dealershipGroup' | 'accounts'>;

/** Limits per caller address and path (seconds, requests). AUTH_RATE_LIMIT_SCALE multiplies them (test runs only). */
export function rateLimitRules(env = process.env): Record<string, { window: number; max: number }> {
  const scale = Math.max(1, Number(env.AUTH_RATE_LIMIT_SCALE ?? 1) || 1);
  const rule = (window: number, max: number) => ({ window, max: max * scale });
  return {
    '/sign-in/email': rule(60, 5),
    '/sign-up/email': rule(60, 3),
    '/email-otp/send-verification-otp': rule(60, 3),
    '/sign-in/email-otp': rule(60, 5),
    '/email-otp/verify-email': rule(60, 5),
    '/phone-number/send-otp': rule(60, 3),
    '/phone-number/verify': rule(60, 5),
    '/email-otp/request-password-reset': rule(60, 3),
    '/email-otp/reset-password': rule(60, 5),
  };
}

/** AUTH_SECRET (or BETTER_AUTH_SECRET) must be at least this long: a shorter one can be guessed offline from any session cookie. */
export const AUTH_SECRET_MIN_CHARS = 32;
/**
 * The generated secret file must hold 32 random bytes (as many as the HMAC-SHA-256 that signs
 * sessions produces). Written out that is at least 43 base64url/base64 characters, or 64 hex
 * characters when the text is all hex digits; anything shorter cannot carry 32 bytes of entropy.
 */
const SECRET_FILE_BYTES = 32;
const SECRET_FILE_MIN_BASE64_CHARS = Math.ceil((SECRET_FILE_BYTES * 4) / 3);
const SECRET_FILE_MIN_HEX_CHARS = SECRET_FILE_BYTES * 2;
/** Any permission for group or others: the file signs every session, so only its owner may touch it. */
const GROUP_OR_OTHER_ACCESS = 0o077;

/** Where the generated secret lives when none is given: beside the embedded database, else in data/. */
export function authSecretFile(url = databaseUrl()): string {
  const dir =
    url.startsWith('file:') && url !== 'file::memory:'
      ? dirname(resolve(/*turbopackIgnore: true*/ url.slice(5)))
      : join(process.cwd(), 'data');
  return join(dir, 'auth-secret');
}

function secretFileProblem(file: string, text: string, stats: Stats): string | undefined {
  const fix = `Delete it to have a new one generated (shoppers will have to sign in again), or set AUTH_SECRET in the environment.`;
  if (!stats.isFile()) return `The auth secret ${file} is not a regular file. ${fix}`;
  // Windows has no POSIX owners or modes to check.
  if (process.platform !== 'win32') {
    const uid = process.getuid?.();
    if (uid !== undefined && stats.uid !== uid)
      return `The auth secret file ${file} belongs to user ${stats.uid}, not to user ${uid} who runs this server, so someone else can change it. Run \`chown ${uid} ${file}\`, or: ${fix}`;
    const mode = stats.mode & 0o777;
    if ((mode & GROUP_OR_OTHER_ACCESS) !== 0)
      return `The auth secret file ${file} is open to other users (mode ${mode.toString(8).padStart(4, '0')}). Run \`chmod 600 ${file}\`, and if others may have read it: ${fix}`;
  }
  const hex = /^[0-9a-f]+$/i.test(text);
  if (text.length < (hex ? SECRET_FILE_MIN_HEX_CHARS : SECRET_FILE_MIN_BASE64_CHARS)) {
    return `The auth secret file ${file} holds ${text.length} ${hex ? 'hex ' : ''}characters; a secret needs ${SECRET_FILE_BYTES} random bytes, which is at least ${SECRET_FILE_MIN_BASE64_CHARS} base64 or ${SECRET_FILE_MIN_HEX_CHARS} hex characters. ${fix}`;
  }
  if (!hex && !/^[A-Za-z0-9+/_-]+={0,2}$/.test(text))
    return `The auth secret file ${file} is not base64 or hex text. ${fix}`;
  return undefined;
}

/** Reads the secret file, refusing one others could read or change, or too short to be safe. */
function readSecretFile(file: string): string {
  // Checked on the open descriptor, so the file checked is the file read.
  const fd = openSync(file, 'r');
  try {
    const stats = fstatSync(fd);
    const text = readFileSync(fd, 'utf8').trim();
    const problem = secretFileProblem(file, text, stats);
    if (problem) throw new Error(problem);
    return text;
  } finally {
    closeSync(fd);
  }
}

/**
 * Creates the secret file, or reads it when another process got there first. The secret is written
 * in full to a private temporary file and then linked into place, which fails if the name is
 * taken: another process never sees a half-written secret, and the one that loses uses the
 * winner's rather than overwriting it.
 */
export function createSecretFile(file: string): string {
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(SECRET_FILE_BYTES).toString('base64url');
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  writeFileSync(temporary, secret, { mode: 0o600, flag: 'wx' });
  try {
    try {
      linkSync(temporary, file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Some mounted volumes have no hard links; an exclusive create still never overwrites.
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    }
    console.warn(`[accounts] AUTH_SECRET is not set: generated one in ${file}. Set AUTH_SECRET in production.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readSecretFile(file);
}

/**
 * Why this process must not make up its own secret: with PostgreSQL, several servers share the
 * database (issue 17), and a secret generated per machine would make each one refuse the sessions,
 * sign-in codes and preview links the others signed. Undefined when a generated one is fine.
 */
export function sharedSecretProblem(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  if (env.AUTH_SECRET || env.BETTER_AUTH_SECRET) return undefined;
  let kind: string;
  try {
    kind = databaseKind(env.DATABASE_URL || DEFAULT_DATABASE_URL);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  if (kind !== 'postgres') return undefined;
  return "DATABASE_URL names PostgreSQL, where several servers may share the database, so AUTH_SECRET must be set, the same on every server: each server generating its own would refuse the sessions and links the others signed. Set AUTH_SECRET to at least 32 random characters (for example the output of `openssl rand -base64 32`) in every server's environment.";
}

/** The signing secret: AUTH_SECRET, or one generated once and kept in `file` (beside the embedded database). */
export function authSecret(env: Readonly<Record<string, string | undefined>> = process.env, file?: string): string {
  const name = env.AUTH_SECRET ? 'AUTH_SECRET' : env.BETTER_AUTH_SECRET ? 'BETTER_AUTH_SECRET' : undefined;
  if (name) {
    const fromEnv = env[name] ?? '';
    if (fromEnv.length < AUTH_SECRET_MIN_CHARS) {
      throw new Error(
        `${name} is ${fromEnv.length} characters long; it must be at least ${AUTH_SECRET_MIN_CHARS} random characters (for example the output of \`openssl rand -base64 32\`).`,
      );
    }
    return fromEnv;
  }
  if (file === undefined) {
    const problem = sharedSecretProblem(env);
    if (problem) throw new Error(problem);
  }
  const path = file ?? authSecretFile();
  try {
    return readSecretFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return createSecretFile(path);
}

/** Secure cookies on https sites and in production (except on *.localhost, which is local development). */
export function secureCookies(origin: string, env = process.env): boolean {
  const url = new URL(origin);
  if (url.protocol === 'https:') return true;
  const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || url.hostname === '127.0.0.1';
  return env.NODE_ENV === 'production' && !local;
}

export function authOptions(
  tenant: AccountTenant,
  origin: string,
  db: Kysely<unknown>,
  sender: MessageSender,
): BetterAuthOptions {
  const scope = accountScope(tenant);
  const table = (name: string) => `${scope.tablePrefix}${name}`;
  const methods = new Set(tenant.accounts?.methods ?? ['password', 'emailCode', 'smsCode']);
  const site = tenant.slug;
  const email = (to: string, subject: string, text: string) =>
    sender.send({ channel: 'email', site, to, subject, text });
  const codeText = (code: string) =>
    `Your ${tenant.name} code is ${code}. It expires in ${CODE_MINUTES} minutes. If you did not ask for it, ignore this message.`;
  return {
    appName: tenant.name,
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    secret: authSecret(),
    database: { db, type: databaseKind() },
    trustedOrigins: [origin],
    telemetry: { enabled: false },
    user: { modelName: table('user') },
    account: { modelName: table('account') },
    verification: { modelName: table('verification') },
    session: {
      modelName: table('session'),
      expiresIn: (tenant.accounts?.sessionDays ?? 30) * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      additionalFields: { site: { type: 'string', required: false, input: false } },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: table('rate_limit'),
      window: 60,
      max: 100,
      customRules: rateLimitRules(),
    },
    emailAndPassword: {
      enabled: methods.has('password'),
      minPasswordLength: 8,
      // With verification required, signing up with a known address answers exactly like a new
      // one (no account enumeration); the owner is told by e-mail instead.
      requireEmailVerification: true,
      onExistingUserSignUp: async ({ user }) => {
        await email(
          user.email,
          `You already have a ${tenant.name} account`,
          `Someone (hopefully you) tried to create a ${tenant.name} account with this address. You already have one: sign in with your password, or ask for a code by e-mail.`,
        );
      },
    },
    emailVerification: { autoSignInAfterVerification: true, sendOnSignIn: true },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_MINUTES * 60,
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        disableSignUp: !methods.has('emailCode'),
        sendVerificationOTP: async ({ email: to, otp, type }) => {
          const subject =
            type === 'forget-password' ? `Reset your ${tenant.name} password` : `Your ${tenant.name} sign-in code`;
          await email(to, subject, codeText(otp));
        },
      }),
      phoneNumber({
        otpLength: 6,
        expiresIn: CODE_MINUTES * 60,
        phoneNumberValidator: (value) => isMobileNumber(value),
        sendOTP: async ({ phoneNumber: to, code }) => sender.send({ channel: 'sms', site, to, text: codeText(code) }),
        ...(methods.has('smsCode')
          ? {
              signUpOnVerification: {
                // The library needs an address for an account made by SMS: a random one that is never
                // mailed (the sign-up route refuses .invalid addresses, so nobody can take it first).
                getTempEmail: () => `${randomUUID()}@phone.invalid`,
                getTempName: () => 'Shopper',
              },
            }
          : {}),
      }),
    ],
    databaseHooks: {
      session: { create: { before: async (session) => ({ data: { ...session, site } }) } },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secureCookies(origin),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: { level: 'warn' },
  };
}

const MAX_INSTANCES = 200;
const migrated = new Map<string, Promise<void>>();
const instances = new Map<string, { key: string; auth: ReturnType<typeof betterAuth> }>();
let sender: MessageSender | undefined;

/** The tables of a scope, created or brought up to date once per process. */
function ensureTables(options: BetterAuthOptions, prefix: string): Promise<void> {
  let done = migrated.get(prefix);
  if (!done) {
    const run = async () => (await getMigrations(options)).runMigrations();
    // Two processes starting together may race to create the tables: the loser looks again.
    done = run().catch(run);
    migrated.set(prefix, done);
    done.catch(() => migrated.delete(prefix));
  }
  return done;
}

/** The site's auth for calls made on `origin` (one of the site's own addresses), its tables ready. */
export async function authFor(tenant: AccountTenant, origin: string): Promise<ReturnType<typeof betterAuth>> {
  const db = (await getDatabase()) as unknown as Kysely<unknown>;
  const key = JSON.stringify([tenant.slug, origin, tenant.accounts, tenant.dealershipGroup, tenant.name]);
  const cached = instances.get(`${tenant.slug}|${origin}`);
  if (cached && cached.key === key) return cached.auth;
  sender ??= createMessageSender(senderOptionsFromEnv());
  const options = authOptions(tenant, origin, db, sender);
  await ensureTables(options, accountScope(tenant).tablePrefix);
  const auth = betterAuth(options);
  // Origins are the site's own addresses; the bound only guards against many development ports.
  if (instances.size >= MAX_INSTANCES) instances.delete(instances.keys().next().value ?? '');
  instances.set(`${tenant.slug}|${origin}`, { key, auth });
  return auth;
}
