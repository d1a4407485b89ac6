import { SharedRateLimit } from '../../services/rate-limit';

/**
 * Report downloads cost: the PPSR search is a paid outside call, and the analysis PDF takes CPU.
 * Limits per caller address and site (the PPSR reports' cache is services/ppsr's), counted in the
 * database so they hold across every process (issue 17), so one shopper (or a script with a free
 * account) cannot run up charges or tie up the server.
 */
const limits = {
  ppsr: new SharedRateLimit('report-ppsr', 10, 60 * 60_000),
  analysis: new SharedRateLimit('report-analysis', 30, 10 * 60_000),
};

/**
 * Counts one download; false when this address is over its limit on this site.
 *
 * When the limit cannot be checked (the database failed; logged by the limiter) the download is
 * let through: refusing would tell the shopper they downloaded too much, which is not true, and
 * the download's next steps (the car, the plugin's access rules) read the same database, so in a
 * real outage the route answers its own "not available just now" straight after.
 */
export async function reportAllowed(
  kind: keyof typeof limits,
  site: string,
  ip: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  return (await limits[kind].attempt(`${site}|${ip ?? 'unknown'}`, now)) !== 'limited';
}

export const REPORT_LIMIT_MESSAGE = 'Too many report downloads from here. Please try again later.';
