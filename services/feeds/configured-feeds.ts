/**
 * The feeds dealerships name: `feed: { url, format, every }` in the dealership record of the feed
 * document, stored with the dealership (dealerships.data) when the dealerships were imported.
 */
import { readFeedSource, redactUrlCredentials, type FeedSource } from '../../domain/feed-schedule';
import type { PlatformDb } from '../db/database';
import { feedKey } from './pull-log';

export interface ConfiguredFeed {
  dealershipId: number;
  dealershipSlug: string;
  /** The pull log's key (pull-log.ts feedKey): the dealership and the address, secrets hidden. */
  key: string;
  /** The address as shown (redactUrlCredentials: credentials and secret parameters hidden). */
  shownUrl: string;
  source: FeedSource;
}

/** A dealership's feed the platform cannot pull, and why (shown in the status, never pulled). */
export interface MisconfiguredFeed {
  dealershipId: number;
  dealershipSlug: string;
  shownUrl?: string;
  problem: string;
}

/**
 * Every dealership's feed, in dealership id order. Only records whose JSON mentions "feed" are
 * parsed: a platform of hundreds of dealerships reads them every minute, and most name none.
 */
export async function configuredFeeds(
  db: PlatformDb,
): Promise<{ feeds: ConfiguredFeed[]; misconfigured: MisconfiguredFeed[] }> {
  const rows = await db
    .selectFrom('dealerships')
    .select(['id', 'slug', 'data'])
    .where('data', 'like', '%"feed"%')
    .orderBy('id')
    .execute();
  const feeds: ConfiguredFeed[] = [];
  const misconfigured: MisconfiguredFeed[] = [];
  for (const row of rows) {
    let record: unknown;
    try {
      record = JSON.parse(row.data);
    } catch {
      misconfigured.push({ dealershipId: row.id, dealershipSlug: row.slug, problem: 'the stored record is not JSON' });
      continue;
    }
    const reading = readFeedSource(record);
    if (reading.kind === 'none') continue;
    if (reading.kind === 'invalid') {
      misconfigured.push({
        dealershipId: row.id,
        dealershipSlug: row.slug,
        ...(reading.url ? { shownUrl: reading.url } : {}),
        problem: reading.message,
      });
      continue;
    }
    const shownUrl = redactUrlCredentials(reading.source.url);
    feeds.push({
      dealershipId: row.id,
      dealershipSlug: row.slug,
      key: feedKey(reading.source.url, row.id),
      shownUrl,
      source: reading.source,
    });
  }
  return { feeds, misconfigured };
}
