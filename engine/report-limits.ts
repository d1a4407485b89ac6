import { MemoryRateLimit } from './memory-rate-limit';

/**
 * Report downloads cost: the PPSR search is a paid outside call, and the analysis PDF takes CPU.
 * Limits per caller address and site, and a short cache of PPSR reports per VIN, so one shopper
 * (or a script with a free account) cannot run up charges or tie up the server.
 */
const limits = {
  ppsr: new MemoryRateLimit(10, 60 * 60_000),
  analysis: new MemoryRateLimit(30, 10 * 60_000),
};

export function reportAllowed(kind: keyof typeof limits, site: string, ip: string | undefined): boolean {
  return limits[kind].take(`${site}|${ip ?? 'unknown'}`);
}

export const REPORT_LIMIT_MESSAGE = 'Too many report downloads from here. Please try again later.';

const PPSR_CACHE_MS = 60 * 60_000;
const PPSR_CACHE_MAX = 500;
const ppsrCache = new Map<string, { pdf: Uint8Array; until: number }>();

/** A PPSR report fetched for this VIN within the last hour, or a fresh one (kept for the next hour). */
export async function cachedPpsr(vin: string, fetchReport: () => Promise<Uint8Array>, now = Date.now()): Promise<Uint8Array> {
  const hit = ppsrCache.get(vin);
  if (hit && hit.until > now) return hit.pdf;
  const pdf = await fetchReport();
  if (ppsrCache.size >= PPSR_CACHE_MAX) ppsrCache.delete(ppsrCache.keys().next().value ?? '');
  ppsrCache.set(vin, { pdf, until: now + PPSR_CACHE_MS });
  return pdf;
}
