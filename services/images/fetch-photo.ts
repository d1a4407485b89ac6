/**
 * Fetches one photo from a dealer's image host for the image route (issue 18), defending the
 * servers it runs on: only http and https; only hosts an allow-list names (hostPermission); a host
 * only the tenant allows must be a public address, checked on the literal address and on every
 * address DNS gives at connection time (the check sits in the socket's own lookup, so a name that
 * resolves differently a second time cannot slip past it); redirects followed by hand, each hop
 * checked again, at most three; one deadline for the whole exchange; a byte cap; and an image
 * content type (SVG refused: it can carry scripts).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import {
  hostPermission,
  isPublicAddress,
  tenantHostRefusal,
  type HostPermission,
  type HostRule,
} from '../../domain/vehicle-photo-hosts';

/** Why a photo could not be fetched: said once in the log, never to the shopper. */
export type PhotoFetchProblem =
  | 'not-allowed'
  | 'private-address'
  | 'timeout'
  | 'http-status'
  | 'not-an-image'
  | 'too-large'
  | 'too-many-redirects'
  | 'network';

export class PhotoFetchError extends Error {
  constructor(
    readonly problem: PhotoFetchProblem,
    message: string,
  ) {
    super(message);
    this.name = 'PhotoFetchError';
  }
}

export interface FetchLimits {
  /** The whole exchange, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 8_000, maxBytes: 15 * 1024 * 1024, maxRedirects: 3 };

export interface HostLists {
  platform: readonly HostRule[];
  tenant: readonly HostRule[];
}

/** All addresses of a name, as node:dns lookup gives them (replaceable in tests). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const resolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

export interface FetchedPhoto {
  bytes: Buffer;
  contentType: string;
  /** The address the bytes came from, after redirects. */
  url: string;
  /**
   * The origins (scheme, host, port) redirects led to other than the first address's, sorted, each
   * once: what the photo depended on besides the host asked for. Empty when no redirect left it.
   */
  via: string[];
}

/**
 * The socket's lookup: every address of the name, all of them public when only the tenant allows
 * the host. Node calls it with `all` when it tries several addresses (happy eyeballs).
 */
function checkedLookup(permission: HostPermission, resolve: ResolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted =
          options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        const addresses = wanted.length ? wanted : found;
        const refused = permission === 'tenant' ? addresses.find((a) => !isPublicAddress(a.address)) : undefined;
        if (refused || !addresses.length) {
          const error = new PhotoFetchError(
            refused ? 'private-address' : 'network',
            refused
              ? `${hostname} resolves to ${refused.address}, not a public internet address`
              : `${hostname} has no address`,
          );
          callback(error as NodeJS.ErrnoException, '', 0);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function isImageType(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type.startsWith('image/') && !type.includes('svg');
}

/** One request, no redirects followed; resolves with the response head. */
function requestOnce(url: URL, permission: HostPermission, resolve: ResolveAll, signal: AbortSignal) {
  return new Promise<IncomingMessage>((done, fail) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      {
        protocol: url.protocol,
        // The socket wants a bare IPv6 address; the Host header keeps the URL's form.
        hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: {
          host: url.host,
          accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
          // Photos are compressed already; asking for no transfer encoding keeps the byte cap exact.
          'accept-encoding': 'identity',
          'user-agent': 'dealer-platform-image-proxy/1.0',
        },
        lookup: checkedLookup(permission, resolve),
        // No connection pooling: every connection goes through the lookup above.
        agent: false,
        signal,
      },
      done,
    );
    request.on('error', fail);
    request.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) {
      response.destroy();
      throw new PhotoFetchError('too-large', `the photo is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Checks one hop without fetching: who allows it, and for the tenant's hosts that the host is not
 * a private name or address. Throws a PhotoFetchError saying why not.
 */
export function permissionFor(url: URL, lists: HostLists): HostPermission {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PhotoFetchError('not-allowed', `${url.protocol} addresses are never fetched`);
  const permission = hostPermission(url, lists);
  if (!permission) throw new PhotoFetchError('not-allowed', `${url.host} is not an allowed image host`);
  if (permission === 'tenant') {
    const refusal = tenantHostRefusal(url.hostname);
    if (refusal) throw new PhotoFetchError('private-address', refusal);
  }
  return permission;
}

/**
 * The photo at `url`, or a PhotoFetchError saying why not. The lists are the platform's
 * (IMAGE_HOSTS) and the tenant's (images.remoteHosts), already parsed.
 */
export async function fetchPhoto(
  url: URL,
  lists: HostLists,
  limits: FetchLimits = DEFAULT_FETCH_LIMITS,
  resolve: ResolveAll = resolveAll,
): Promise<FetchedPhoto> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limits.timeoutMs);
  let current = url;
  const via = new Set<string>();
  try {
    for (let hop = 0; ; hop++) {
      const permission = permissionFor(current, lists);
      if (current.origin !== url.origin) via.add(current.origin);
      // An address written as a literal IP never reaches the lookup: check it here.
      const literal = current.hostname.startsWith('[') ? current.hostname.slice(1, -1) : current.hostname;
      if (permission === 'tenant' && isIP(literal) && !isPublicAddress(literal))
        throw new PhotoFetchError('private-address', `${literal} is not a public internet address`);
      const response = await requestOnce(current, permission, resolve, controller.signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= limits.maxRedirects)
          throw new PhotoFetchError('too-many-redirects', `more than ${limits.maxRedirects} redirects`);
        current = new URL(response.headers.location, current);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new PhotoFetchError('http-status', `the image host answered ${status}`);
      }
      const contentType = String(response.headers['content-type'] ?? '');
      if (!isImageType(contentType)) {
        response.destroy();
        throw new PhotoFetchError(
          'not-an-image',
          `the image host sent ${contentType || 'no content type'}, not an image`,
        );
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        response.destroy();
        throw new PhotoFetchError(
          'too-large',
          `the photo is ${declared} bytes, over the ${limits.maxBytes}-byte limit`,
        );
      }
      const bytes = await readBody(response, limits.maxBytes);
      return { bytes, contentType, url: current.href, via: [...via].sort() };
    }
  } catch (error) {
    if (timedOut) throw new PhotoFetchError('timeout', `no photo within ${limits.timeoutMs / 1000} s`);
    if (error instanceof PhotoFetchError) throw error;
    throw new PhotoFetchError('network', error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}
