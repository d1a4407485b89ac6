/**
 * Who may do what in the Tenant Studio (issue 16). A staff member holds grants: `admin` (every
 * site, the templates and the staff), `group-editor` of named dealer groups (every site whose
 * `dealershipGroup` is one of them) or `site-editor` of named sites. Every Studio route and API
 * asks these functions on the server; the browser is never trusted with the answer.
 */

export const STAFF_ROLES = ['admin', 'group-editor', 'site-editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** One stored grant (a row of staff_grants). */
export type StaffGrant =
  { role: 'admin' } | { role: 'group-editor'; group: string } | { role: 'site-editor'; site: string };

/** What a signed-in staff member may reach: the role, and the groups or sites it names. */
export interface StaffAccess {
  role: StaffRole;
  groups: readonly string[];
  sites: readonly string[];
}

/** What the rules need to know about a site: its slug and the dealer group it belongs to (if any). */
export interface StudioSite {
  slug: string;
  dealershipGroup?: string | null | undefined;
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * A staff member's access from their grants; undefined without any grant (such an account can
 * sign in but reaches nothing). The broadest grant names the role: admin, then group-editor.
 */
export function accessFromGrants(grants: readonly StaffGrant[]): StaffAccess | undefined {
  if (grants.length === 0) return undefined;
  const groups = [...new Set(grants.flatMap((g) => (g.role === 'group-editor' ? [g.group] : [])))].sort();
  const sites = [...new Set(grants.flatMap((g) => (g.role === 'site-editor' ? [g.site] : [])))].sort();
  const role: StaffRole = grants.some((g) => g.role === 'admin')
    ? 'admin'
    : groups.length
      ? 'group-editor'
      : 'site-editor';
  return { role, groups, sites };
}

/** Whether the staff member may open and edit this site. */
export function canEditSite(user: StaffAccess, site: StudioSite): boolean {
  if (user.role === 'admin') return true;
  if (user.sites.includes(site.slug)) return true;
  return typeof site.dealershipGroup === 'string' && user.groups.includes(site.dealershipGroup);
}

/** The sites the staff member may edit, in the order given: the Studio never lists another. */
export function visibleSites<T extends StudioSite>(user: StaffAccess, sites: readonly T[]): T[] {
  return sites.filter((site) => canEditSite(user, site));
}

/** Only admins create staff accounts and change grants. */
export function canManageStaff(user: StaffAccess): boolean {
  return user.role === 'admin';
}

/** Only admins read the audit log (it names every site and every staff member). */
export function canReadAudit(user: StaffAccess): boolean {
  return user.role === 'admin';
}

/**
 * Only admins change the fields that say who a site is and what it owns (issue 30; the schema marks
 * them, domain/studio/admin-fields.ts): its web addresses, dealer group, dealerships, lead and chat
 * destinations and their secrets. A group or site editor who could change `dealershipGroup` could
 * hand the site to another group's editors; `domains`, another dealer's address; `dealerships`,
 * another dealer's stock and enquiries.
 */
export function canChangeAdminFields(user: StaffAccess): boolean {
  return user.role === 'admin';
}

/** A new staff member as an admin (or the CLI) describes them. */
export interface GrantRequest {
  role: string;
  groups: readonly string[];
  sites: readonly string[];
}

/** The groups and sites that exist, so a grant never names one that does not. */
export interface KnownScopes {
  groups: readonly string[];
  sites: readonly string[];
}

export type GrantResult = { ok: true; grants: StaffGrant[] } | { ok: false; problems: string[] };

const list = (names: readonly string[]) => (names.length ? names.join(', ') : '(none)');

/**
 * The grants for a role and its groups or sites, or every problem as a sentence: an unknown role,
 * a group-editor without groups, a site-editor without sites, a group or site that does not exist
 * (naming the ones that do), or a group or site given to a role that does not use it.
 */
export function grantsFor(request: GrantRequest, known: KnownScopes): GrantResult {
  const problems: string[] = [];
  const groups = [...new Set(request.groups.map((g) => g.trim()).filter(Boolean))];
  const sites = [...new Set(request.sites.map((s) => s.trim()).filter(Boolean))];
  if (!isStaffRole(request.role)) {
    return { ok: false, problems: [`unknown role "${request.role}"; roles: ${STAFF_ROLES.join(', ')}`] };
  }
  const role = request.role;
  if (role === 'admin' && (groups.length || sites.length))
    problems.push('an admin may edit every site: give no --group or --site');
  if (role === 'group-editor') {
    if (!groups.length) problems.push('a group-editor needs at least one --group');
    if (sites.length) problems.push('a group-editor edits whole groups: give --group, not --site');
  }
  if (role === 'site-editor') {
    if (!sites.length) problems.push('a site-editor needs at least one --site');
    if (groups.length) problems.push('a site-editor edits named sites: give --site, not --group');
  }
  for (const group of groups)
    if (!known.groups.includes(group))
      problems.push(`unknown dealer group "${group}"; known groups: ${list(known.groups)}`);
  for (const site of sites)
    if (!known.sites.includes(site)) problems.push(`unknown site "${site}"; known sites: ${list(known.sites)}`);
  if (problems.length) return { ok: false, problems };
  const grants: StaffGrant[] =
    role === 'admin'
      ? [{ role }]
      : role === 'group-editor'
        ? groups.map((group) => ({ role, group }))
        : sites.map((site) => ({ role, site }));
  return { ok: true, grants };
}
