/** POST /api/studio/sites/<slug>/publish: publish, validated by the engine (studio/api/document-routes.ts). Never cached; other methods are a 405. */
import { handlePublish } from '@/studio/api/document-routes';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ slug: string }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  return handlePublish(request, (await params).slug);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
