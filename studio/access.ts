/**
 * Who is asking, for the Studio's pages (server only). Every page and API call checks the role on
 * the server with domain/studio/roles: nothing the browser says widens what a staff member sees.
 */
import { cache } from 'react';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { canEditSite } from '../domain/studio/roles';
import { staffSession, type StaffSession } from '../services/staff-auth/staff-session';
import { findStudioSite, type StudioSiteRow } from './sites';
import { signInPath } from './return-path';

/** The signed-in staff member of this request (once per request), or undefined. */
export const currentStaff = cache(async (): Promise<StaffSession | undefined> => staffSession(await headers()));

/** The signed-in staff member; anyone else goes to the sign-in page, and comes back to `returnTo` after. */
export async function requireStaff(returnTo: string): Promise<StaffSession> {
  const staff = await currentStaff();
  if (!staff) redirect(signInPath(returnTo));
  return staff;
}

export type SiteAccess =
  { kind: 'allowed'; site: StudioSiteRow } | { kind: 'forbidden'; site: StudioSiteRow } | { kind: 'unknown' };

/** Whether the staff member may open the site: unknown slug, outside the grant, or allowed. */
export async function siteAccess(staff: StaffSession, slug: string): Promise<SiteAccess> {
  const site = await findStudioSite(slug);
  if (!site) return { kind: 'unknown' };
  return canEditSite(staff, site) ? { kind: 'allowed', site } : { kind: 'forbidden', site };
}
