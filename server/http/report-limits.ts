import { MemoryRateLimit } from './memory-rate-limit';

/**
 * Report downloads cost: the PPSR search is a paid outside call, and the analysis PDF takes CPU.
 * Limits per caller address and site (the PPSR reports' cache is services/ppsr's), so one shopper
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
