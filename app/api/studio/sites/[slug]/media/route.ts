/** POST /api/studio/sites/<slug>/media: an image upload, stored as WebP (studio/api/media-route.ts). Never cached; other methods are a 405. */
import { handleMediaUpload } from '@/studio/api/media-route';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ slug: string }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  return handleMediaUpload(request, (await params).slug);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
