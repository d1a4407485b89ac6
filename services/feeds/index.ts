/**
 * Stock feeds pulled from their addresses (issue 18): by `npm run import -- --from-url <url>`,
 * and on a schedule by the server (FEED_SCHEDULER=on) for each dealership naming
 * `feed: { url, format, every }`. `npm run import -- --status` and /healthz report on them.
 */
export { pullFeed, summarisePull, FeedUrlError, type PullFeedOptions, type PullResult } from './feed-pull';
export { feedLimits, type FeedLimits } from './fetch-feed';
export { feedStatus, feedHealth, formatFeedStatus, type FeedHealth, type FeedStatusEntry } from './feed-status';
export { pullDueFeeds, claimFeed, releaseFeed, FEED_LEASE_MS, type DueFeedsRound } from './due-feeds';
export type { PullOutcome } from './pull-log';
