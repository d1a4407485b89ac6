/**
 * Creating and listing staff accounts (the CLI, the demo seed and, later, the Studio's staff screen).
 * Accounts are made through better-auth's own adapter, so rows and password hashes are exactly what
 * its sign-in reads; the grants go to staff_grants beside them.
 */
import type { Generated, Kysely } from 'kysely';
import { getDatabase } from '../db/database';
import {
  accessFromGrants,
  grantsFor,
  type KnownScopes,
  type StaffAccess,
  type StaffGrant,
  type StaffRole,
} from '../../domain/studio/roles';
import { DEFAULT_STUDIO_HOST, studioHost } from '../../domain/studio/studio-host';
import { STAFF_MIN_PASSWORD, staffAuthFor } from './staff-auth';

/** The staff tables this module reads and writes (migration 011). */
export interface StaffTables {
  staff_user: {
    id: string;
    name: string;
    email: string;
    /** 0/1 on SQLite, a boolean on PostgreSQL (better-auth's types: migration 011). */
    email_verified: number | boolean;
    image: string | null;
    /** A date better-auth wrote: text or a number on SQLite, a Date on PostgreSQL. */
    created_at: string | number | Date;
    updated_at: string | number | Date;
  };
  /** Only what is read here: whether a staff member has a password. */
  staff_account: { user_id: string; provider_id: string };
  staff_grants: {
    id: Generated<number>;
    user_id: string;
    role: string;
    dealership_group: string | null;
    site: string | null;
    created_at: string;
  };
}

export async function staffDb(): Promise<Kysely<StaffTables>> {
  return (await getDatabase()) as unknown as Kysely<StaffTables>;
}

export interface NewStaffUser {
  email: string;
  name?: string;
  role: StaffRole | string;
  groups?: readonly string[];
  sites?: readonly string[];
  /** Without one, the staff member signs in with a code by e-mail. */
  password?: string;
}

export interface StaffUser extends StaffAccess {
  id: string;
  email: string;
  name: string;
  createdAt: string;
  /** Whether a password is set (otherwise sign-in is by e-mail code only). */
  hasPassword: boolean;
}

/** Why a staff account was not created: one sentence per problem. */
export class StaffUserError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'StaffUserError';
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The grants of one staff member, from their rows (a row of an unknown shape grants nothing). */
export function grantsFromRows(
  rows: readonly Pick<StaffTables['staff_grants'], 'role' | 'dealership_group' | 'site'>[],
): StaffGrant[] {
  return rows.flatMap((row): StaffGrant[] => {
    if (row.role === 'admin') return [{ role: 'admin' }];
    if (row.role === 'group-editor' && row.dealership_group)
      return [{ role: 'group-editor', group: row.dealership_group }];
    if (row.role === 'site-editor' && row.site) return [{ role: 'site-editor', site: row.site }];
    return [];
  });
}

/** Where the library's adapter is reached from outside a request (the CLI, the seed). */
function internalOrigin(): string {
  return `http://${studioHost() ?? DEFAULT_STUDIO_HOST}`;
}

/**
 * Creates a staff account with its grants. `known` lists the groups and sites that exist (the CLI
 * reads them from the tenant registry); without it only the shape of the grants is checked.
 * Throws StaffUserError naming every problem; nothing is stored then.
 */
export async function createStaffUser(input: NewStaffUser, known?: KnownScopes): Promise<StaffUser> {
  const email = input.email.trim().toLowerCase();
  const groups = input.groups ?? [];
  const sites = input.sites ?? [];
  const problems: string[] = [];
  if (!EMAIL.test(email)) problems.push(`"${input.email}" is not an e-mail address`);
  if (input.password !== undefined && input.password.length < STAFF_MIN_PASSWORD)
    problems.push(`a staff password needs at least ${STAFF_MIN_PASSWORD} characters`);
  const granted = grantsFor({ role: input.role, groups, sites }, known ?? { groups, sites });
  if (!granted.ok) problems.push(...granted.problems);
  if (problems.length || !granted.ok) throw new StaffUserError(problems);

  const db = await staffDb();
  const existing = await db.selectFrom('staff_user').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) throw new StaffUserError([`a staff account for ${email} already exists`]);

  const context = await (await staffAuthFor(internalOrigin())).$context;
  const name = input.name?.trim() || email.split('@')[0] || email;
  // Made by an admin (the CLI), so the address counts as verified: a code to it signs in at once.
  const user = await context.internalAdapter.createUser({ email, name, emailVerified: true }, { method: 'admin' });
  try {
    if (input.password !== undefined) {
      await context.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: await context.password.hash(input.password),
      });
    }
    const now = new Date().toISOString();
    await db
      .insertInto('staff_grants')
      .values(
        granted.grants.map((grant) => ({
          user_id: user.id,
          role: grant.role,
          dealership_group: grant.role === 'group-editor' ? grant.group : null,
          site: grant.role === 'site-editor' ? grant.site : null,
          created_at: now,
        })),
      )
      .execute();
  } catch (error) {
    // Half an account is worse than none: the grants and the password go with the user (cascade).
    await db.deleteFrom('staff_user').where('id', '=', user.id).execute();
    throw error;
  }
  const access = accessFromGrants(granted.grants);
  return {
    id: user.id,
    email,
    name,
    createdAt: new Date(user.createdAt).toISOString(),
    hasPassword: input.password !== undefined,
    role: access?.role ?? 'site-editor',
    groups: access?.groups ?? [],
    sites: access?.sites ?? [],
  };
}

/** Every staff account with its role and grants, by e-mail address. Accounts without a grant have role undefined. */
export async function listStaffUsers(): Promise<(Omit<StaffUser, keyof StaffAccess> & Partial<StaffAccess>)[]> {
  const db = await staffDb();
  const users = await db
    .selectFrom('staff_user')
    .select(['id', 'email', 'name', 'created_at'])
    .orderBy('email')
    .execute();
  const grants = await db.selectFrom('staff_grants').select(['user_id', 'role', 'dealership_group', 'site']).execute();
  const withPassword = new Set(
    (await db.selectFrom('staff_account').select('user_id').where('provider_id', '=', 'credential').execute()).map(
      (row) => row.user_id,
    ),
  );
  return users.map((user) => {
    const access = accessFromGrants(grantsFromRows(grants.filter((g) => g.user_id === user.id)));
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      createdAt: new Date(user.created_at).toISOString(),
      hasPassword: withPassword.has(user.id),
      ...(access ?? {}),
    };
  });
}

/** The access of one staff member, from their grants; undefined when they hold none. */
export async function staffAccessOf(userId: string): Promise<StaffAccess | undefined> {
  const db = await staffDb();
  const rows = await db
    .selectFrom('staff_grants')
    .select(['role', 'dealership_group', 'site'])
    .where('user_id', '=', userId)
    .execute();
  return accessFromGrants(grantsFromRows(rows));
}

/** Whether a staff account exists for the address. */
export async function staffUserExists(email: string): Promise<boolean> {
  const db = await staffDb();
  const row = await db
    .selectFrom('staff_user')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
