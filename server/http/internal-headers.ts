import { ServerResponse } from 'node:http';

/**
 * Response headers that name the platform's internal routes (the proxy's rewrite target,
 * /site/<slug>~v<version>~s<generation>/... or /live/<slug>/...): they map the internal route tree,
 * the published version and the stock generation for shoppers and scanners.
 *
 * - x-middleware-rewrite: Next copies the proxy's rewrite into the response for the Pages Router's
 *   client, which this App Router site does not have (issue 14).
 * - x-nextjs-rewritten-path: on a client navigation (`RSC: 1`) Next tells the App Router's client
 *   the path it rendered (issue 30, L1). The client reads it only to fill in dynamic params the server
 *   left out of the answer, which Next does only with cacheComponents (off here: a test pins it);
 *   without the header it takes the path from the address it asked for, the shopper's own. Param
 *   values, the route tree and the client's caches come from the answer's body, so navigation works
 *   the same without it. (x-nextjs-rewritten-query is left: the proxy never rewrites the query, so
 *   Next does not send it.)
 */
const INTERNAL_RESPONSE_HEADERS = new Set(['x-middleware-rewrite', 'x-nextjs-rewritten-path']);

let installed = false;

/**
 * Keeps internal headers out of every response this process sends. Next offers no hook after its
 * router has set response headers, so the one place to drop them is the Node response itself
 * (setHeader, and appendHeader, which Next's renderer also uses).
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
  const appendHeader = ServerResponse.prototype.appendHeader;
  ServerResponse.prototype.appendHeader = function appendHeaderWithoutInternal(
    this: ServerResponse,
    name: string,
    value: string | readonly string[],
  ) {
    if (INTERNAL_RESPONSE_HEADERS.has(name.toLowerCase())) return this;
    return appendHeader.call(this, name, value);
  };
}
