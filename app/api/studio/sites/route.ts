/** GET /api/studio/sites: the sites the signed-in staff member may edit (studio/api/sites-route.ts). Never cached. */
import { handleSiteList } from '@/studio/api/sites-route';

export const dynamic = 'force-dynamic';

export const GET = handleSiteList;
