/**
 * One HTTP GET of a stock feed, bounded in time and size (issue 18). Nothing here touches the
 * database: feed-pull.ts decides what the answer means for the stock.
 */
import { spanUrl, traced } from '../tracing';
export interface FeedLimits {
  /** The whole pull, from the request to the last byte (FEED_TIMEOUT_S, default 60 s). */
  totalTimeoutMs: number;
  /** From the request to the answer's status and headers (FEED_FIRST_BYTE_TIMEOUT_S, default 15 s). */
  firstByteTimeoutMs: number;
  /** The most bytes of document read, after content decoding (FEED_MAX_MB, default 100 MB). */
  maxBytes: number;
}

const MB = 1024 * 1024;

function positiveNumber(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
  most: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > most)
    throw new Error(`${name} is "${raw}"; it must be a number greater than 0 and at most ${most}.`);
  return value;
}

/** The limits the platform pulls feeds with, from the environment; a wrong value is an error that names it. */
export function feedLimits(env: Readonly<Record<string, string | undefined>> = process.env): FeedLimits {
  return {
    totalTimeoutMs: positiveNumber(env, 'FEED_TIMEOUT_S', 60, 3600) * 1000,
    firstByteTimeoutMs: positiveNumber(env, 'FEED_FIRST_BYTE_TIMEOUT_S', 15, 3600) * 1000,
    maxBytes: Math.round(positiveNumber(env, 'FEED_MAX_MB', 100, 4096) * MB),
  };
}

/** The validators of the copy the platform already imported, sent so an unchanged feed answers 304. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type Fetched =
  /** 304: the document is the one the validators name. */
  | { kind: 'not-modified'; status: 304; validators: Validators }
  /** 2xx with the whole document. */
  | { kind: 'document'; status: number; body: Buffer; contentType?: string; validators: Validators }
  /** No usable answer: `status` when the server answered (4xx, 5xx, too large), none for network errors and timeouts. */
  | { kind: 'failed'; status?: number; bytes?: number; message: string };

export interface FetchFeedOptions {
  limits: FeedLimits;
  validators?: Validators;
  /** The fetch to use: tests and the benchmark pass the global one, or a fake. */
  fetchImpl?: typeof fetch;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** 512 bytes, 1.5 KB, 100 MB: sizes in messages. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MB) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}

/**
 * What went wrong on the network, in the words of the system call where there is one: undici
 * throws "fetch failed" and keeps the useful part ("connect ECONNREFUSED 127.0.0.1:8080",
 * "getaddrinfo ENOTFOUND dms.example") in its cause.
 */
function networkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error && cause.message) return cause.message;
  if (cause && typeof cause === 'object' && 'code' in cause) return `${error.message} (${String(cause.code)})`;
  return error.message;
}

/**
 * The address to request and the Authorization header for its credentials: fetch refuses a URL
 * with user:password@ in it, and dealers' systems commonly protect feeds with HTTP Basic.
 */
function requestOf(url: string): { href: string; authorization?: string } {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return { href: parsed.href };
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  return { href: parsed.href, authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
}

/**
 * GETs the feed. Conditional when `validators` are given (If-None-Match, If-Modified-Since).
 * Stops, and says why, when no answer comes within firstByteTimeoutMs, when the whole document has
 * not arrived within totalTimeoutMs, or when it grows past maxBytes (a Content-Length over the
 * limit is refused before reading). Never throws for anything the network or the server does.
 */
export function fetchFeed(url: string, options: FetchFeedOptions): Promise<Fetched> {
  return traced(
    'GET feed',
    { 'http.request.method': 'GET', 'url.full': spanUrl(url) },
    () => fetchFeedUntraced(url, options),
    'client',
  );
}

async function fetchFeedUntraced(url: string, options: FetchFeedOptions): Promise<Fetched> {
  const { limits, validators } = options;
  const fetchImpl = options.fetchImpl ?? fetch;
  const { href, authorization } = requestOf(url);
  const controller = new AbortController();
  let stopped: string | undefined;
  const stop = (why: string) => {
    stopped ??= why;
    controller.abort();
  };
  const total = setTimeout(
    () => stop(`the whole feed did not arrive within ${seconds(limits.totalTimeoutMs)} (FEED_TIMEOUT_S)`),
    limits.totalTimeoutMs,
  );
  const firstByte = setTimeout(
    () => stop(`the server did not answer within ${seconds(limits.firstByteTimeoutMs)} (FEED_FIRST_BYTE_TIMEOUT_S)`),
    limits.firstByteTimeoutMs,
  );
  try {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'dealer-platform-feed-puller/1',
    };
    if (authorization) headers.authorization = authorization;
    if (validators?.etag) headers['if-none-match'] = validators.etag;
    if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    let response: Response;
    try {
      response = await fetchImpl(href, { headers, signal: controller.signal, redirect: 'follow' });
    } catch (error) {
      return { kind: 'failed', message: stopped ?? `the request failed: ${networkError(error)}` };
    } finally {
      clearTimeout(firstByte);
    }
    const answered: Validators = {
      ...(response.headers.get('etag') ? { etag: response.headers.get('etag') ?? undefined } : {}),
      ...(response.headers.get('last-modified')
        ? { lastModified: response.headers.get('last-modified') ?? undefined }
        : {}),
    };
    const status = response.status;
    if (status === 304) {
      await response.body?.cancel().catch(() => undefined);
      // A 304 to a request that named no copy is the server's mistake: there is nothing to keep.
      if (!validators?.etag && !validators?.lastModified)
        return {
          kind: 'failed',
          status,
          message: 'the server answered 304 Not Modified to a request for the whole feed',
        };
      // Validators the 304 repeats (or updates) replace the ones sent; missing ones are kept.
      return { kind: 'not-modified', status, validators: { ...validators, ...answered } };
    }
    if (status < 200 || status > 299) {
      await response.body?.cancel().catch(() => undefined);
      const text = response.statusText ? ` ${response.statusText}` : '';
      return { kind: 'failed', status, message: `the server answered ${status}${text}` };
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    // Content-Length counts encoded bytes; a compressed feed may still grow past the limit, which
    // the count below catches, but an uncompressed one this large is refused without reading it.
    if (Number.isFinite(declared) && declared > limits.maxBytes && !response.headers.get('content-encoding')) {
      await response.body?.cancel().catch(() => undefined);
      return {
        kind: 'failed',
        status,
        message: `the feed is ${formatBytes(declared)}, over the ${formatBytes(limits.maxBytes)} limit (FEED_MAX_MB)`,
      };
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    if (response.body) {
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
          if (bytes > limits.maxBytes) {
            stop('too large');
            return {
              kind: 'failed',
              status,
              bytes,
              message: `the feed grew past the ${formatBytes(limits.maxBytes)} limit (FEED_MAX_MB); reading stopped there`,
            };
          }
          chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
        }
      } catch (error) {
        return {
          kind: 'failed',
          status,
          bytes,
          message: stopped ?? `the feed stopped arriving after ${bytes} bytes: ${networkError(error)}`,
        };
      }
    }
    const contentType = response.headers.get('content-type') ?? undefined;
    return {
      kind: 'document',
      status,
      body: Buffer.concat(chunks, bytes),
      ...(contentType ? { contentType } : {}),
      validators: answered,
    };
  } finally {
    clearTimeout(total);
    clearTimeout(firstByte);
  }
}
