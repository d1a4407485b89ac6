/**
 * The answers of the internal /seo/<slug> routes (app/seo), one function per route and method,
 * so the route files stay declarations. HEAD is answered without building the body: robots.txt
 * and the sitemap index are cheap anyway, a sitemap part only counts, a feed only checks its
 * switch.
 */
import { parsePartFile } from '../../domain/sitemap';
import { ADVERTISING_FEEDS, advertisingFeed } from '../../domain/seo-routes';
import {
  advertisingFeedChunks,
  getSeoData,
  sitemapIndex,
  sitemapPart,
  sitemapPartExists,
  siteRobotsTxt,
} from '../../services/seo';
import { notFoundResponse, seoHeaders, SEO_CACHE_CONTROL, streamedResponse, unavailableResponse } from './seo-http';
import { seoSite } from './seo-site';

export type Method = 'GET' | 'HEAD';
type Answer = (request: Request, segments: Record<string, string>, method: Method) => Promise<Response>;

const XML = 'application/xml; charset=utf-8';

const bodyless = (response: Response): Response =>
  new Response(null, { status: response.status, headers: response.headers });

/** Runs a builder that reads the database; a failure is a 503, logged with what was asked. */
async function guarded(label: string, build: () => Promise<Response>): Promise<Response> {
  try {
    return await build();
  } catch (error) {
    console.error(`${label}: could not be built`, error);
    return unavailableResponse();
  }
}

export const robotsAnswer: Answer = async (request, { tenant }, method) => {
  const site = seoSite(request, tenant ?? '');
  if (!site) return notFoundResponse();
  const headers = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': SEO_CACHE_CONTROL };
  return new Response(method === 'HEAD' ? null : siteRobotsTxt(site), { headers });
};

export const sitemapIndexAnswer: Answer = async (request, { tenant }, method) => {
  const site = seoSite(request, tenant ?? '');
  if (!site) return notFoundResponse();
  return guarded(`/sitemap.xml of ${site.tenant.slug}`, async () => {
    const data = await getSeoData();
    const [xml, changed] = await Promise.all([sitemapIndex(data, site), data.stockChangedAt()]);
    if (xml === undefined) return notFoundResponse();
    const response = new Response(xml, { headers: seoHeaders(XML, changed) });
    return method === 'HEAD' ? bodyless(response) : response;
  });
};

export const sitemapPartAnswer: Answer = async (request, { tenant, part: name }, method) => {
  const site = seoSite(request, tenant ?? '');
  const part = parsePartFile(name ?? '');
  if (!site || !part) return notFoundResponse();
  const label = `/sitemaps/${name} of ${site.tenant.slug}`;
  return guarded(label, async () => {
    const data = await getSeoData();
    const headers = seoHeaders(XML, await data.stockChangedAt());
    if (method === 'HEAD')
      return (await sitemapPartExists(data, site, part))
        ? new Response(null, { headers })
        : bodyless(notFoundResponse());
    return (await streamedResponse(sitemapPart(data, site, part), headers, label)) ?? notFoundResponse();
  });
};

export const feedAnswer: Answer = async (request, { tenant, feed: name }, method) => {
  const site = seoSite(request, tenant ?? '');
  const feed = advertisingFeed(name ?? '');
  // A feed that is switched off does not exist for anyone: the same 404 as an unknown address.
  if (!site || !feed || site.tenant.features[ADVERTISING_FEEDS[feed].switch] !== true) return notFoundResponse();
  const label = `/feeds/${feed} of ${site.tenant.slug}`;
  return guarded(label, async () => {
    const data = await getSeoData();
    // A feed is for the ad platforms' fetchers, not for search results.
    const headers = {
      ...seoHeaders(ADVERTISING_FEEDS[feed].contentType, await data.stockChangedAt()),
      'x-robots-tag': 'noindex',
    };
    if (method === 'HEAD') return new Response(null, { headers });
    return (await streamedResponse(advertisingFeedChunks(feed, data, site), headers, label)) ?? notFoundResponse();
  });
};
