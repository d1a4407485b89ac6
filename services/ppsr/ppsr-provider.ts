/**
 * The PPSR report (Personal Property Securities Register) for a car, by VIN: a certificate from an
 * outside, paid service, fetched as a PDF when the shopper asks for it (conversion §6 plugins).
 * There is deliberately no built-in stand-in: a made-up certificate would tell a shopper something
 * false about a car's finance or write-off history. Without PPSR_URL there is no provider, and the
 * site offers no PPSR download.
 */

export interface PpsrProvider {
  /** The car's PPSR certificate as PDF bytes; throws with a clear message when there is none to give. */
  report(car: { vin?: string | null; slug: string }): Promise<Uint8Array>;
}

/** How long the register may take to answer. */
export const PPSR_TIMEOUT_MS = 10_000;
/** A certificate is a few pages; anything far larger is not one. */
export const PPSR_MAX_BYTES = 20 * 1024 * 1024;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46]; // %PDF

function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`PPSR_URL is not a URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`PPSR_URL must be an http(s) URL, not ${url.protocol}`);
  return url;
}

/**
 * A provider that asks an HTTP service: GET {baseUrl}?vin={VIN}, answered by 200 with
 * content-type application/pdf and a body that is a PDF. Redirects are refused, and the call gives
 * up after PPSR_TIMEOUT_MS. Throws at once when baseUrl is not an http(s) URL.
 */
export function httpPpsrProvider(baseUrl: string): PpsrProvider {
  const base = parseBaseUrl(baseUrl);
  return {
    async report(car) {
      const vin = car.vin?.trim();
      if (!vin) throw new Error(`Car ${car.slug} has no VIN, so the PPSR register cannot be asked about it`);
      const url = new URL(base);
      url.searchParams.set('vin', vin);
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'application/pdf' },
          redirect: 'error',
          signal: AbortSignal.timeout(PPSR_TIMEOUT_MS),
        });
      } catch (cause) {
        const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
        throw new Error(
          timedOut
            ? `The PPSR register did not answer within ${PPSR_TIMEOUT_MS / 1000} s (car ${car.slug})`
            : `The PPSR register could not be reached (car ${car.slug})`,
          { cause },
        );
      }
      const fail = async (why: string): Promise<never> => {
        await response.body?.cancel().catch(() => undefined);
        throw new Error(`The PPSR register ${why} (car ${car.slug})`);
      };
      if (response.status !== 200) return fail(`answered HTTP ${response.status}`);
      const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/pdf')
        return fail(`answered ${type ? `content-type ${type}` : 'without a content-type'}, not application/pdf`);
      if (Number(response.headers.get('content-length') ?? 0) > PPSR_MAX_BYTES)
        return fail(`answered more than ${PPSR_MAX_BYTES} bytes`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength > PPSR_MAX_BYTES)
        throw new Error(`The PPSR register answered more than ${PPSR_MAX_BYTES} bytes (car ${car.slug})`);
      if (!PDF_MAGIC.every((b, i) => bytes[i] === b))
        throw new Error(`The PPSR register answered a body that is not a PDF (car ${car.slug})`);
      return bytes;
    },
  };
}

/** A certificate fetched within the hour is handed out again rather than bought again. */
export const PPSR_CACHE_MS = 60 * 60_000;
/** Reports kept per process; a few MB of PDFs at most, whatever shoppers or scripts ask for. */
export const PPSR_CACHE_MAX = 500;

export interface PpsrCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export interface PpsrReportCache {
  /**
   * The tenant's report for this car: one fetched for the same tenant and VIN within the TTL, the
   * call already under way for them, or a new call to `provider`. A failed call is not kept.
   */
  report(tenant: string, car: { vin: string; slug: string }, provider: PpsrProvider): Promise<Uint8Array>;
}

interface CacheEntry {
  report: Promise<Uint8Array>;
  /** Infinity while the call is under way, so waiting requests share it instead of paying again. */
  until: number;
}

/**
 * A bounded cache of PPSR reports. Each search is paid for by the dealer whose site asked for it,
 * so a report is only ever reused for the same tenant, never handed to another dealer's shoppers.
 */
export function createPpsrReportCache(options: PpsrCacheOptions = {}): PpsrReportCache {
  const ttlMs = options.ttlMs ?? PPSR_CACHE_MS;
  const maxEntries = Math.max(1, options.maxEntries ?? PPSR_CACHE_MAX);
  const now = options.now ?? Date.now;
  // Map order is insertion order, so the first key is the oldest entry.
  const entries = new Map<string, CacheEntry>();
  return {
    report(tenant, car, provider) {
      // VINs have no lower-case letters (ISO 3779), so case or spacing must not cost a second search.
      const key = JSON.stringify([tenant, car.vin.trim().toUpperCase()]);
      const hit = entries.get(key);
      if (hit && hit.until > now()) return hit.report;
      entries.delete(key);
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      const entry: CacheEntry = { report: (async () => provider.report(car))(), until: Number.POSITIVE_INFINITY };
      entries.set(key, entry);
      entry.report.then(
        () => {
          entry.until = now() + ttlMs;
        },
        () => {
          // The next request asks the register again; an eviction may already have replaced this entry.
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.report;
    },
  };
}

// Per process on purpose: a report is a per-tenant, per-car answer that may be bought again after
// a restart, and the cache is bounded in size and time.
const processCache = createPpsrReportCache();

/** The tenant's PPSR report for a car through this process's cache (see createPpsrReportCache). */
export function cachedPpsrReport(
  tenant: string,
  car: { vin: string; slug: string },
  provider: PpsrProvider,
): Promise<Uint8Array> {
  return processCache.report(tenant, car, provider);
}

const reported = new Set<string>();

/**
 * The configured provider: the HTTP one when PPSR_URL is set, else undefined (no PPSR reports).
 * A PPSR_URL that is not an http(s) URL is logged once and treated as unset, so a typo hides the
 * download rather than breaking every vehicle page that asks.
 */
export function getPpsrProvider(
  env: Readonly<Record<string, string | undefined>> = process.env,
): PpsrProvider | undefined {
  const baseUrl = env.PPSR_URL?.trim();
  if (!baseUrl) return undefined;
  try {
    return httpPpsrProvider(baseUrl);
  } catch (error) {
    if (!reported.has(baseUrl)) {
      reported.add(baseUrl);
      console.error('PPSR reports are off:', error instanceof Error ? error.message : error);
    }
    return undefined;
  }
}
