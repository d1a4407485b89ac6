import { ServerResponse } from 'node:http';

/**
 * Response headers that name the platform's internal routes (the proxy's rewrite target,
 * /site/<slug>/... or /live/<slug>/...). Next copies the proxy's rewrite into the response for the
 * Pages Router's client, which this App Router site does not have; shoppers and scanners have no
 * use for it, and it maps the internal route tree for them (issue 14).
 */
const INTERNAL_RESPONSE_HEADERS = new Set(['x-middleware-rewrite']);

let installed = false;

/**
 * Keeps internal headers out of every response this process sends. Next offers no hook after its
 * router has set response headers, so the one place to drop them is the Node response itself.
 */
export function hideInternalHeaders(): void {
  if (installed) return;
  installed = true;
  const setHeader = ServerResponse.prototype.setHeader;
  ServerResponse.prototype.setHeader = function setHeaderWithoutInternal(
    this: ServerResponse,
    name: string,
    value: number | string | readonly string[],
  ) {
    if (INTERNAL_RESPONSE_HEADERS.has(name.toLowerCase())) return this;
    return setHeader.call(this, name, value);
  };
}
