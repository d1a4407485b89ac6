/** GET /api/studio/sites/<slug>: one site, 403 outside the staff member's grant (studio/api/sites-route.ts). Never cached. */
import { handleSite } from '@/studio/api/sites-route';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  return handleSite(request, (await params).slug);
}
