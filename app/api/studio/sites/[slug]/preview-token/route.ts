/** GET /api/studio/sites/<slug>/preview-token: a fresh preview token (studio/api/document-routes.ts). Never cached; other methods are a 405. */
import { handlePreviewToken } from '@/studio/api/document-routes';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ slug: string }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  return handlePreviewToken(request, (await params).slug);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
