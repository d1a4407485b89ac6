/**
 * /feeds/google-vehicle-listings.xml and /feeds/meta-automotive.csv of a dealer site (rewritten
 * here by the proxy): the advertising feeds, each answered only while its switch is on
 * (features.googleVehicleFeed, features.metaAutomotiveFeed), streamed.
 */
import { feedAnswer } from '@/server/seo/seo-answers';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ tenant: string; feed: string }> };

export async function GET(request: Request, { params }: Context) {
  return feedAnswer(request, await params, 'GET');
}

export async function HEAD(request: Request, { params }: Context) {
  return feedAnswer(request, await params, 'HEAD');
}
