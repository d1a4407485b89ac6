/**
 * POST /api/studio/sites/<slug>/media: an image upload, stored as WebP; GET: the site's media usage
 * against its quota (studio/api/media-route.ts). Never cached; other methods are a 405.
 */
import { handleMedia } from '@/studio/api/media-route';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ slug: string }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  return handleMedia(request, (await params).slug);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
