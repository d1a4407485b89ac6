/**
 * A local HTTP server that serves a stock feed the way a dealer's system does (issue 18), for the
 * feed tests and `npm run bench:feed-pull`: the document with an ETag and a Last-Modified, and 304
 * Not Modified to a request that names the copy it serves. A test can replace the answer with its
 * own (an error, silence, a document too large).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FeedHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface FeedServer {
  /** http://127.0.0.1:<port>/feed.json */
  url: string;
  /** Every request received, in order. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  /** Serves `document` from now on (a new ETag and Last-Modified), with the validators the test chooses. */
  setFeed: (document: unknown, validators?: { etag?: boolean; lastModified?: boolean }) => void;
  /** Answers every request with `handler` instead (undefined: the feed again). */
  answerWith: (handler: FeedHandler | undefined) => void;
  close: () => Promise<void>;
}

let version = 0;

export async function startFeedServer(): Promise<FeedServer> {
  let body = Buffer.from('{}');
  let etag: string | undefined;
  let lastModified: string | undefined;
  let handler: FeedHandler | undefined;
  const requests: FeedServer['requests'] = [];
  const serveFeed: FeedHandler = (request, response) => {
    const matches = etag !== undefined && request.headers['if-none-match'] === etag;
    const notModifiedSince =
      etag === undefined && lastModified !== undefined && request.headers['if-modified-since'] === lastModified;
    const headers: Record<string, string> = {};
    if (etag) headers.etag = etag;
    if (lastModified) headers['last-modified'] = lastModified;
    if (matches || notModifiedSince) {
      response.writeHead(304, headers).end();
      return;
    }
    response
      .writeHead(200, { ...headers, 'content-type': 'application/json', 'content-length': String(body.byteLength) })
      .end(body);
  };
  const server = createServer((request, response) => {
    requests.push({ path: request.url ?? '', headers: request.headers });
    (handler ?? serveFeed)(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/feed.json`,
    requests,
    setFeed: (document, validators = { etag: true, lastModified: true }) => {
      body = Buffer.from(JSON.stringify(document));
      version += 1;
      etag = validators.etag ? `"${createHash('sha1').update(body).digest('hex')}"` : undefined;
      // Whole seconds, as HTTP dates are; each new document a second later than the last.
      lastModified = validators.lastModified
        ? new Date(Date.UTC(2026, 0, 1) + version * 1000).toUTCString()
        : undefined;
    },
    answerWith: (next) => {
      handler = next;
    },
    close: async () => {
      // A test may leave a request unanswered on purpose: its connection is cut, not waited for.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
