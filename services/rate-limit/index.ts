/** Rate limits shared by every process of the platform, counted in the database (issue 17). */
export {
  PRUNE_EVERY_MS,
  PRUNE_MARGIN_MS,
  pruneRateLimits,
  rateLimitKey,
  SharedRateLimit,
  type RateLimitVerdict,
  type SharedRateLimitOptions,
} from './shared-rate-limit';
