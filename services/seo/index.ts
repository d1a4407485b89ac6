import { getDatabase } from '../db/database';
import { getSearchService } from '../search';
import { SeoData } from './seo-data';

export { SeoData } from './seo-data';
export {
  indexablePage,
  sitemapIndex,
  sitemapPart,
  sitemapPartExists,
  siteRobotsTxt,
  type SeoSite,
} from './sitemap-service';
export { advertisingFeedChunks } from './inventory-feed-service';

/** The sitemap's and feeds' reader on the process-wide database and search service. */
export async function getSeoData(): Promise<SeoData> {
  return new SeoData(await getDatabase(), await getSearchService());
}
