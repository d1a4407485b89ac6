/** DELETE /api/studio/sites/<slug>/schedules/<id>: cancel a scheduled publish (studio/api/schedule-routes.ts). Never cached; other methods are a 405. */
import { handleScheduleCancel } from '@/studio/api/schedule-routes';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ slug: string; id: string }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  const { slug, id } = await params;
  return handleScheduleCancel(request, slug, id);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
