/**
 * Who a request counts against in a per-client limit, read from the headers as the platform's API
 * routes read it (server/http/api-request.ts callerAddress): TRUSTED_PROXY_HOPS entries from the
 * right of X-Forwarded-For (default 1: the entry the reverse proxy in front appended), else
 * X-Real-IP, else the connection's own address (which Next would have put in X-Forwarded-For).
 * For code that sees Node's request before Next does (the server's response caches), where the
 * Headers-based helper cannot run. A limit then counts it as ./client-address.ts says (an IPv6
 * client by its /64).
 */

/** The hops setting as callerAddress reads it: a whole number of at least 1, default 1. */
export function trustedProxyHops(setting: string | undefined): number {
  return Math.max(1, Number(setting ?? 1) || 1);
}

/** The client's address from X-Forwarded-For, X-Real-IP and the socket, in that order of preference. */
export function clientAddress(
  forwardedFor: string | undefined,
  realIp: string | undefined,
  socketAddress: string | undefined,
  hops: number,
): string | undefined {
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return forwarded[Math.max(0, forwarded.length - hops)] || realIp?.trim() || socketAddress || undefined;
}
