/**
 * One JSON POST to an address a tenant names (an outside chat service): no redirects, a time
 * limit, the answer's body discarded after a small cap, and, unless the caller allows it, only
 * public internet addresses. The address is checked in the socket's own lookup, so a name that
 * resolves to a private address at connection time (DNS rebinding) is refused too, not just one
 * that did when it was first checked.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isPublicAddress } from '../../domain/vehicle-photo-hosts';

export interface PostJsonOptions {
  headers: Readonly<Record<string, string>>;
  body: string;
  timeoutMs: number;
  /** Loopback and private addresses too: tests only (a local server); a tenant's address never. */
  allowPrivateAddresses?: boolean;
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

function publicOnlyLookup(): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, found: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
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
    });
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
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return Promise.reject(new PostJsonError('bad-address', `${address} is not a web address`));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return Promise.reject(new PostJsonError('bad-address', `${address} is not an http(s) address`));
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (!options.allowPrivateAddresses && isIP(hostname) && !isPublicAddress(hostname))
    return Promise.reject(new PostJsonError('private-address', `${hostname} is not a public internet address`));
  return new Promise((resolve, reject) => {
    const signal = AbortSignal.timeout(options.timeoutMs);
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
        ...(options.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup() }),
        signal,
      },
      (response) => {
        drain(response);
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', (error: Error) => {
      if (error instanceof PostJsonError) return reject(error);
      if (signal.aborted) return reject(new PostJsonError('timeout', `no answer within ${options.timeoutMs / 1000} s`));
      const cause = error.cause instanceof Error ? error.cause.message : error.message;
      reject(new PostJsonError('network', cause));
    });
    request.end(options.body);
  });
}
