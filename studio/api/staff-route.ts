/**
 * POST /api/studio/staff: an admin adds a staff member (issue 16), from the Studio's staff screen.
 * Checked on the server like every Studio call (studio-call.ts: 404 off the Studio host, 405, 403
 * from another site's page, 401 signed out), then admins only (403). The body is a JSON object
 * { email, role, groups, sites, name? }; every problem is answered 400 with one sentence each, an
 * address that already has an account 409. The new account signs in with a code by e-mail (an admin
 * never picks a password for someone else), and the addition is in the audit log.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { answer, jsonBody } from '../../server/http/api-request';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import { canManageStaff, isStaffRole, type KnownScopes, type StaffRole } from '../../domain/studio/roles';
import { createStaffUser, staffUserExists, StaffUserError } from '../../services/staff-auth/staff-users';
import { getTenantStore } from '../../services/tenant-store';
import { ROLE_LABELS } from '../components/role-labels';
import { Refusal, studioCall, studioCaller } from './studio-call';

/** The audit action of a staff member added in the Studio. */
export const STAFF_ADD_ACTION = 'studio.staff-add';

/** A staff form is a few hundred bytes; this leaves room for every group and site there is. */
const MAX_STAFF_BODY_BYTES = 16 * 1024;
const MAX_NAME_CHARS = 100;
const MAX_EMAIL_CHARS = 254;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The dealer groups and sites that exist: the tenant registry (files and published versions) and tenants/groups/. */
export function knownStaffScopes(): KnownScopes {
  const sites: string[] = [];
  const groups = new Set<string>();
  for (const entry of loadTenantRegistry().tenants.values()) {
    sites.push(entry.slug);
    if (entry.ok && entry.config.dealershipGroup) groups.add(entry.config.dealershipGroup);
  }
  const root = resolve(/*turbopackIgnore: true*/ process.env.PLATFORM_ROOT ?? process.cwd());
  const groupDir = join(root, 'tenants', 'groups');
  if (existsSync(groupDir))
    for (const name of readdirSync(groupDir)) if (name.endsWith('.json')) groups.add(name.slice(0, -'.json'.length));
  return { groups: [...groups].sort(), sites: sites.sort() };
}

/** A staff member as the form describes them, checked. */
interface StaffRequest {
  email: string;
  name?: string;
  role: StaffRole;
  groups: string[];
  sites: string[];
}

const names = (list: readonly string[]) => (list.length ? list.join(', ') : 'none yet');

/** A list of names from the body: absent is none; anything but a list of short strings is a problem. */
function nameList(body: Record<string, unknown>, key: 'groups' | 'sites', problems: string[]): string[] {
  const value = body[key];
  if (value === undefined || value === null) return [];
  const what = key === 'groups' ? 'dealer group names' : 'site slugs';
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && item.length <= 100)) {
    problems.push(`Send "${key}" as a list of ${what}.`);
    return [];
  }
  return [...new Set((value as string[]).map((item) => item.trim()).filter(Boolean))];
}

/**
 * The staff member the body describes, or every problem as a sentence a person can act on: the
 * address, the role, and the groups or sites that role needs (only ones that exist).
 */
function staffRequest(body: Record<string, unknown>, known: KnownScopes): StaffRequest {
  const problems: string[] = [];
  const email = typeof body.email === 'string' ? body.email.trim() : '';
  if (!email) problems.push('Enter the e-mail address of the new staff member.');
  else if (email.length > MAX_EMAIL_CHARS || !EMAIL.test(email))
    problems.push(`"${email.slice(0, 60)}" is not an e-mail address; enter one like name@example.com.`);
  let name: string | undefined;
  if (body.name !== undefined && body.name !== null) {
    if (typeof body.name !== 'string') problems.push('Send "name" as text.');
    else if (body.name.trim().length > MAX_NAME_CHARS)
      problems.push(`Keep the name to ${MAX_NAME_CHARS} characters or fewer.`);
    else name = body.name.trim() || undefined;
  }
  const groups = nameList(body, 'groups', problems);
  const sites = nameList(body, 'sites', problems);
  const role = body.role;
  if (!isStaffRole(role)) {
    problems.push('Choose a role: admin, group editor or site editor.');
    throw new Refusal(400, problems.join(' '), { problems });
  }
  if (role === 'admin' && (groups.length || sites.length))
    problems.push('An admin may edit every site: choose no dealer groups or sites.');
  if (role === 'group-editor') {
    if (!groups.length) problems.push('Choose at least one dealer group for a group editor.');
    if (sites.length) problems.push('A group editor edits whole dealer groups: choose dealer groups, not sites.');
  }
  if (role === 'site-editor') {
    if (!sites.length) problems.push('Choose at least one site for a site editor.');
    if (groups.length) problems.push('A site editor edits the sites named: choose sites, not dealer groups.');
  }
  for (const group of groups)
    if (!known.groups.includes(group))
      problems.push(`There is no dealer group "${group.slice(0, 100)}"; the groups are: ${names(known.groups)}.`);
  for (const site of sites)
    if (!known.sites.includes(site))
      problems.push(`There is no site "${site.slice(0, 100)}"; the sites are: ${names(known.sites)}.`);
  if (problems.length) throw new Refusal(400, problems.join(' '), { problems });
  return { email, role, groups, sites, ...(name ? { name } : {}) };
}

/** What the new account may edit, in words. */
function reach(user: { role: StaffRole; groups: readonly string[]; sites: readonly string[] }): string {
  if (user.role === 'admin') return 'every site';
  if (user.role === 'group-editor')
    return `the sites of the dealer group${user.groups.length > 1 ? 's' : ''} ${user.groups.join(', ')}`;
  return `the site${user.sites.length > 1 ? 's' : ''} ${user.sites.join(', ')}`;
}

/** A problem of the account store as a sentence: capital first, full stop last. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;

export function handleAddStaff(request: Request): Promise<Response> {
  return studioCall(async () => {
    const staff = await studioCaller(request, 'POST');
    if (!canManageStaff(staff)) throw new Refusal(403, 'Only an admin may add staff members.');
    const read = await jsonBody(request, MAX_STAFF_BODY_BYTES);
    if (!read.ok) throw new Refusal(read.tooLarge ? 413 : 400, read.error);
    const body = read.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Refusal(400, 'Send a JSON object.');
    const known = knownStaffScopes();
    const wanted = staffRequest(body as Record<string, unknown>, known);
    if (await staffUserExists(wanted.email))
      throw new Refusal(409, `There is already a staff account for ${wanted.email.toLowerCase()}; nothing was added.`);
    const user = await createStaffUser(wanted, known).catch((error: unknown) => {
      if (!(error instanceof StaffUserError)) throw error;
      // Checked above, so only a race (the same address added twice at once) or a rule of the store lands here.
      const problems = error.problems.map(sentence);
      throw new Refusal(400, problems.join(' '), { problems });
    });
    await getTenantStore().audit({
      actor: staff.user.email,
      action: STAFF_ADD_ACTION,
      detail: { email: user.email, name: user.name, role: user.role, groups: user.groups, sites: user.sites },
    });
    return answer(201, {
      message: `Added ${user.email} as ${user.role === 'admin' ? 'an' : 'a'} ${ROLE_LABELS[user.role]}: they may edit ${reach(user)}, and sign in with a code sent to their e-mail.`,
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        groups: user.groups,
        sites: user.sites,
        createdAt: user.createdAt,
      },
    });
  });
}
