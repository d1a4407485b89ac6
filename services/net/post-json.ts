/**
 * One POST to an address a tenant names (an outside chat service, a lead webhook or CRM): no
 * redirects, a time limit, the answer's body discarded after a small cap, and, unless the caller
 * allows it, only public internet addresses. A private name (localhost, *.internal) or address is
 * refused before any lookup, and every address is checked again in the socket's own lookup, so a
 * name that resolves to a private address at connection time (DNS rebinding) is refused too, not
 * just one that did when it was first checked.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, tenantHostRefusal } from '../../domain/vehicle-photo-hosts';
import { spanUrl, traced } from '../tracing';

export interface PostJsonOptions {
  headers: Readonly<Record<string, string>>;
  body: string;
  timeoutMs: number;
  /** The caller giving up (the lead outbox's deadline): the post is cancelled and rejects with its reason. */
  signal?: AbortSignal;
  /** Loopback and private addresses too: tests only (a local server); a tenant's address never. */
  allowPrivateAddresses?: boolean;
  /** Tests only: what DNS answers for a name (default node:dns lookup). */
  resolveAll?: ResolveAll;
}

export class PostJsonError extends Error {
  constructor(
    readonly kind: 'timeout' | 'private-address' | 'network' | 'bad-address',
    message: string,
  ) {
    super(message);
    this.name = 'PostJsonError';
  }
}

/** An answer's body is not needed: read at most this much so the connection is released. */
const DRAIN_LIMIT_BYTES = 64 * 1024;

/** Every address of a name, as node:dns lookup gives them. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

const resolveWithDns: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, found) => (error ? reject(error) : resolve(found))),
  );

function publicOnlyLookup(resolveAll: ResolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname).then(
      (found) => {
        const wanted =
          options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        const addresses = wanted.length ? wanted : found;
        const refused = addresses.find((a) => !isPublicAddress(a.address));
        if (refused || !addresses.length) {
          const reason = refused
            ? `${hostname} resolves to ${refused.address}, not a public internet address`
            : `${hostname} has no address`;
          return callback(new PostJsonError(refused ? 'private-address' : 'network', reason), '', 0);
        }
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function drain(response: IncomingMessage): void {
  let size = 0;
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > DRAIN_LIMIT_BYTES) response.destroy();
  });
  response.on('error', () => undefined);
}

/** Posts and resolves with the answer's status; rejects with a PostJsonError saying why not. */
export function postJson(address: string, options: PostJsonOptions): Promise<number> {
  return traced(
    'POST',
    { 'http.request.method': 'POST', 'url.full': spanUrl(address) },
    () => postJsonUntraced(address, options),
    'client',
  );
}

function postJsonUntraced(address: string, options: PostJsonOptions): Promise<number> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return Promise.reject(new PostJsonError('bad-address', `${address} is not a web address`));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return Promise.reject(new PostJsonError('bad-address', `${address} is not an http(s) address`));
  // Sending them as Basic auth is not offered, and dropping them quietly would hide a mistake.
  if (url.username || url.password)
    return Promise.reject(
      new PostJsonError(
        'bad-address',
        `the address of ${url.host} includes a user name or password, which are never sent: leave them out`,
      ),
    );
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (!options.allowPrivateAddresses) {
    const refusal = tenantHostRefusal(url.hostname);
    if (refusal) return Promise.reject(new PostJsonError('private-address', refusal));
  }
  return new Promise((resolve, reject) => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        // Every connection goes through the lookup (no pooled socket skips it).
        agent: false,
        ...(options.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup(options.resolveAll ?? resolveWithDns) }),
        signal,
      },
      (response) => {
        drain(response);
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', (error: Error) => {
      if (error instanceof PostJsonError) return reject(error);
      if (timeout.aborted)
        return reject(new PostJsonError('timeout', `no answer within ${options.timeoutMs / 1000} s`));
      if (options.signal?.aborted) return reject(options.signal.reason);
      const cause = error.cause instanceof Error ? error.cause.message : error.message;
      reject(new PostJsonError('network', cause));
    });
    request.end(options.body);
  });
}
