/**
 * GET /api/studio/audit?slug=&limit=: the Studio's audit log, newest first (publishes, restores,
 * refused publishes, imports), for admins only (403 for everyone else), optionally for one site.
 */
import { answer } from '../../server/http/api-request';
import { canReadAudit } from '../../domain/studio/roles';
import { DEFAULT_AUDIT_LIMIT, getTenantStore } from '../../services/tenant-store';
import { Refusal, studioCall, studioCaller, wholeNumberOf } from './studio-call';

/** The most entries one call returns. */
export const MAX_AUDIT_LIMIT = 1000;

export function handleAudit(request: Request): Promise<Response> {
  return studioCall(async () => {
    const staff = await studioCaller(request, 'GET');
    if (!canReadAudit(staff)) throw new Refusal(403, 'Only an admin may read the audit log.');
    const query = new URL(request.url).searchParams;
    const slug = query.get('slug') || undefined;
    const limitText = query.get('limit');
    const limit = limitText ? wholeNumberOf(limitText) : DEFAULT_AUDIT_LIMIT;
    if (limit === undefined || limit > MAX_AUDIT_LIMIT)
      throw new Refusal(400, `Give "limit" as a whole number from 1 to ${MAX_AUDIT_LIMIT}.`);
    const entries = await getTenantStore().auditLog({ ...(slug ? { slug } : {}), limit });
    return answer(200, { entries });
  });
}
