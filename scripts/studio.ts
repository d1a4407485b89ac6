/**
 * `npm run studio -- <command>`: the Tenant Studio's staff accounts, in the database named by DATABASE_URL.
 *   add-user --email <address> --role admin|group-editor|site-editor [--group <group>]... [--site <slug>]...
 *            [--password <password>] [--name <name>]
 *       creates a staff account; a group-editor names dealer groups, a site-editor names sites. Without
 *       --password the staff member signs in with a code by e-mail.
 *   list-users
 *       every staff account with its role and what it may edit
 *   demo-sign-in
 *       the Studio's address and the demo staff sign-ins (printed by `npm run demo`)
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadTenantRegistry } from '../engine/tenant-registry';
import { DEFAULT_STUDIO_HOST, studioHost } from '../domain/studio/studio-host';
import type { KnownScopes } from '../domain/studio/roles';
import { createStaffUser, listStaffUsers, StaffUserError } from '../services/staff-auth/staff-users';
import { loadPublishedTenantsOnce } from '../server/background/tenant-sync';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../demo-data/staff';
import { runMain } from './run-main';

const USAGE = `usage:
  npm run studio -- add-user --email <address> --role admin|group-editor|site-editor [--group <group>]... [--site <slug>]... [--password <password>] [--name <name>]
  npm run studio -- list-users
  npm run studio -- demo-sign-in`;

const SINGLE = ['--email', '--role', '--password', '--name'] as const;
const REPEATED = ['--group', '--site'] as const;

interface AddUserArgs {
  single: Partial<Record<(typeof SINGLE)[number], string>>;
  repeated: Record<(typeof REPEATED)[number], string[]>;
}

/** Parses add-user's options; every problem is a sentence. */
function parseAddUser(args: readonly string[]): { ok: true; value: AddUserArgs } | { ok: false; problems: string[] } {
  const value: AddUserArgs = { single: {}, repeated: { '--group': [], '--site': [] } };
  const problems: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const flag = args[i] ?? '';
    const given = args[i + 1];
    const single = SINGLE.find((f) => f === flag);
    const repeated = REPEATED.find((f) => f === flag);
    if (!single && !repeated) {
      problems.push(`unknown option "${flag}"`);
      continue;
    }
    if (given === undefined || given.startsWith('--')) {
      problems.push(`${flag} needs a value`);
      continue;
    }
    i += 1;
    if (single) {
      if (value.single[single] !== undefined) problems.push(`${single} is given twice`);
      value.single[single] = given;
    } else if (repeated) value.repeated[repeated].push(given);
  }
  if (!value.single['--email']) problems.push('--email is required');
  if (!value.single['--role']) problems.push('--role is required');
  return problems.length ? { ok: false, problems } : { ok: true, value };
}

/** The dealer groups and sites that exist: tenants (files and published versions) and tenants/groups/. */
async function knownScopes(): Promise<KnownScopes> {
  await loadPublishedTenantsOnce();
  const sites: string[] = [];
  const groups = new Set<string>();
  for (const entry of loadTenantRegistry().tenants.values()) {
    sites.push(entry.slug);
    if (entry.ok && entry.config.dealershipGroup) groups.add(entry.config.dealershipGroup);
  }
  const groupDir = join(process.env.PLATFORM_ROOT ?? process.cwd(), 'tenants', 'groups');
  if (existsSync(groupDir))
    for (const name of readdirSync(groupDir)) if (name.endsWith('.json')) groups.add(name.slice(0, -'.json'.length));
  return { groups: [...groups].sort(), sites: sites.sort() };
}

function describeAccess(user: { role?: string; groups?: readonly string[]; sites?: readonly string[] }): string {
  if (user.role === 'admin') return 'every site';
  if (user.role === 'group-editor') return `groups ${user.groups?.join(', ')}`;
  if (user.role === 'site-editor') return `sites ${user.sites?.join(', ')}`;
  return 'nothing (no grant)';
}

async function addUser(args: readonly string[]): Promise<number> {
  const parsed = parseAddUser(args);
  if (!parsed.ok) {
    for (const problem of parsed.problems) console.error(`studio add-user: ${problem}`);
    console.error(USAGE);
    return 1;
  }
  const { single, repeated } = parsed.value;
  try {
    const user = await createStaffUser(
      {
        email: single['--email'] ?? '',
        role: single['--role'] ?? '',
        groups: repeated['--group'],
        sites: repeated['--site'],
        ...(single['--name'] ? { name: single['--name'] } : {}),
        ...(single['--password'] !== undefined ? { password: single['--password'] } : {}),
      },
      await knownScopes(),
    );
    console.log(
      `created ${user.role} ${user.email} (${user.name}): may edit ${describeAccess(user)}; signs in with ${user.hasPassword ? 'a password or ' : ''}a code by e-mail`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof StaffUserError)) throw error;
    for (const problem of error.problems) console.error(`studio add-user: ${problem}`);
    return 1;
  }
}

async function listUsers(): Promise<number> {
  const users = await listStaffUsers();
  if (!users.length) {
    console.log('No staff accounts yet. Create one with: npm run studio -- add-user --email ... --role admin');
    return 0;
  }
  console.log(`${users.length} staff account(s):`);
  for (const user of users)
    console.log(
      `  ${user.email}  ${user.role ?? '(no role)'}  ${describeAccess(user)}  ${user.hasPassword ? 'password or e-mail code' : 'e-mail code only'}  created ${user.createdAt.slice(0, 10)}`,
    );
  return 0;
}

function demoSignIn(): number {
  const host = studioHost() ?? DEFAULT_STUDIO_HOST;
  const port = process.env.PORT ?? '3000';
  const local = host === 'localhost' || host.endsWith('.localhost');
  console.log(`Tenant Studio: ${local ? `http://${host}:${port}/` : `https://${host}/`}`);
  for (const staff of DEMO_STAFF) console.log(`  ${staff.email}  ${staff.role}  may edit ${describeAccess(staff)}`);
  console.log(
    `  demo password: ${DEMO_STAFF_PASSWORD} (or sign in with a code by e-mail: the code is written to this log)\n`,
  );
  return 0;
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  switch (command) {
    case 'add-user':
      return addUser(rest);
    case 'list-users':
      return listUsers();
    case 'demo-sign-in':
      return demoSignIn();
    default:
      console.error(command ? `studio: unknown command "${command}"\n${USAGE}` : USAGE);
      return 1;
  }
}

runMain(main);
