/** GET /api/studio/audit: the audit log, admins only (studio/api/audit-route.ts). Never cached; other methods are a 405. */
import { handleAudit } from '@/studio/api/audit-route';

export const dynamic = 'force-dynamic';

export const GET = handleAudit;
export const POST = handleAudit;
export const PUT = handleAudit;
export const PATCH = handleAudit;
export const DELETE = handleAudit;
