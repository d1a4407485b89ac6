/**
 * GET: the site's picture library, with its dealer group's; POST { sha256 }: take a group site's
 * picture into it (studio/api/library-routes.ts). Never cached; other methods are a 405.
 */
import { handleLibrary } from '@/studio/api/library-routes';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ slug: string }> };

async function handle(request: Request, { params }: Context): Promise<Response> {
  return handleLibrary(request, (await params).slug);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
