/** GET /api/studio/sites/<slug>/diff: field changes between two versions of the site (studio/api/document-routes.ts). Never cached; other methods are a 405. */
import { handleDiff } from '@/studio/api/document-routes';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ slug: string }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  return handleDiff(request, (await params).slug);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
