/**
 * PATCH { alt }: the alt text the library offers for a picture; DELETE: take it off the site's
 * library, refused while the site uses it (studio/api/library-routes.ts). Other methods are a 405.
 */
import { handleLibraryPicture } from '@/studio/api/library-routes';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ slug: string; picture: string }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  const { slug, picture } = await params;
  return handleLibraryPicture(request, slug, picture);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
