/**
 * /sitemaps/{section}-{n}.xml of a dealer site (rewritten here by the proxy): one part of the
 * sitemap, at most 50,000 addresses, streamed. An empty or unknown part is a 404.
 */
import { sitemapPartAnswer } from '@/server/seo/seo-answers';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ tenant: string; part: string }> };

export async function GET(request: Request, { params }: Context) {
  return sitemapPartAnswer(request, await params, 'GET');
}

export async function HEAD(request: Request, { params }: Context) {
  return sitemapPartAnswer(request, await params, 'HEAD');
}
