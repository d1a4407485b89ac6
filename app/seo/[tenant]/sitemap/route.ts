/**
 * /sitemap.xml of a dealer site (rewritten here by the proxy): the sitemap index naming the
 * site's parts under /sitemaps/. See services/seo/sitemap-service.ts.
 */
import { sitemapIndexAnswer } from '@/server/seo/seo-answers';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ tenant: string }> };

export async function GET(request: Request, { params }: Context) {
  return sitemapIndexAnswer(request, await params, 'GET');
}

export async function HEAD(request: Request, { params }: Context) {
  return sitemapIndexAnswer(request, await params, 'HEAD');
}
