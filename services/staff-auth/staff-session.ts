import { getSessionCookie } from 'better-auth/cookies';
import type { StaffAccess } from '../../domain/studio/roles';
import { studioOrigin } from '../../domain/studio/studio-host';
import { STAFF_COOKIE_PREFIX, staffAuthFor } from './staff-auth';
import { staffAccessOf } from './staff-users';

export interface StaffSession extends StaffAccess {
  user: { id: string; name: string; email: string };
}

/** A cheap first test: the request carries the Studio's session cookie (plain or __Secure-). */
export function hasStaffSessionCookie(headers: Headers): boolean {
  return getSessionCookie(headers, { cookiePrefix: STAFF_COOKIE_PREFIX }) !== null;
}

interface SessionShape {
  user: { id: string; name: string; email: string };
}

/**
 * The signed-in staff member with their role and grants, or undefined: no session, a request on
 * any host but the Studio's, or an account that holds no grant. Roles are read from staff_grants on
 * every call, so a grant taken away takes effect at once.
 */
export async function staffSession(headers: Headers): Promise<StaffSession | undefined> {
  if (!hasStaffSessionCookie(headers)) return undefined;
  const origin = studioOrigin(headers.get('host'));
  if (!origin) return undefined;
  const auth = await staffAuthFor(origin);
  const found = (await auth.api.getSession({ headers })) as SessionShape | null;
  if (!found) return undefined;
  const access = await staffAccessOf(found.user.id);
  if (!access) return undefined;
  const { id, name, email } = found.user;
  return { user: { id, name, email }, ...access };
}
