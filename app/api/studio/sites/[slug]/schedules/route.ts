/** GET and POST /api/studio/sites/<slug>/schedules: the site's scheduled publishes, and "Publish at…" (studio/api/schedule-routes.ts). Never cached; other methods are a 405. */
import { handleSchedules } from '@/studio/api/schedule-routes';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ slug: string }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  return handleSchedules(request, (await params).slug);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
