/**
 * GET /api/studio/sites and /api/studio/sites/<slug>: the sites a staff member may edit, checked on
 * the server like the pages: 401 signed out, 404 for an unknown site, 403 for a site outside the
 * grant. The editor builds on these.
 */
import { answer } from '../../server/http/api-request';
import { studioOrigin } from '../../domain/studio/studio-host';
import { canEditSite, visibleSites } from '../../domain/studio/roles';
import { staffSession } from '../../services/staff-auth/staff-session';
import { findStudioSite, studioSiteRows } from '../sites';

const SIGNED_OUT = { message: 'Sign in to the Studio first.' };

export async function handleSiteList(request: Request): Promise<Response> {
  if (!studioOrigin(request.headers.get('host'))) return answer(404, { message: 'Not found.' });
  const staff = await staffSession(request.headers);
  if (!staff) return answer(401, SIGNED_OUT);
  return answer(200, { sites: visibleSites(staff, await studioSiteRows()) });
}

export async function handleSite(request: Request, slug: string): Promise<Response> {
  if (!studioOrigin(request.headers.get('host'))) return answer(404, { message: 'Not found.' });
  const staff = await staffSession(request.headers);
  if (!staff) return answer(401, SIGNED_OUT);
  const site = await findStudioSite(slug);
  if (!site) return answer(404, { message: `There is no site "${slug}".` });
  if (!canEditSite(staff, site))
    return answer(403, { message: `Your Studio account may not edit ${site.name}. Ask an admin for access.` });
  return answer(200, { site });
}
