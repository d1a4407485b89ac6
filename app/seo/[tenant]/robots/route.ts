/**
 * robots.txt of a dealer site (the proxy rewrites a tenant host's /robots.txt here; the tree is
 * unreachable otherwise): everything open but private and per-request addresses, and the
 * sitemap's absolute address. See services/seo and domain/robots.ts.
 */
import { robotsAnswer } from '@/server/seo/seo-answers';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ tenant: string }> };

export async function GET(request: Request, { params }: Context) {
  return robotsAnswer(request, await params, 'GET');
}

export async function HEAD(request: Request, { params }: Context) {
  return robotsAnswer(request, await params, 'HEAD');
}
