/**
 * The HTTP side of the robots.txt, sitemap and feed routes (app/seo): their headers, their 404
 * and 503, and streaming a long answer.
 *
 * Caching: crawlers and ad platforms fetch these repeatedly, so answers may be kept by browsers
 * and shared caches for SEO_MAX_AGE seconds (stock changes reach them within 15 minutes; Google
 * and Meta fetch feeds hours apart anyway). Every answer is built fresh from the database and the
 * search index; Last-Modified says when the platform's stock last changed. No conditional request
 * is answered with 304, because an answer can change without a stock change (a sold car leaving
 * the sold window, a published site change), and a wrong 304 would hide that.
 */
/** Seconds browsers and shared caches may keep a sitemap, robots.txt or feed. */
export const SEO_MAX_AGE = 900;
export const SEO_CACHE_CONTROL = `public, max-age=${SEO_MAX_AGE}`;

/** 404 with a short sentence, as the proxy answers for unknown hosts. */
export function notFoundResponse(): Response {
  return new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}

/** 503 when the database or search cannot answer: crawlers and ad platforms retry later, and keep what they had. */
export function unavailableResponse(): Response {
  return new Response('Temporarily unavailable, please try again later.', {
    status: 503,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '300' },
  });
}

/** The headers of a sitemap or feed answer. */
export function seoHeaders(contentType: string, lastModified?: Date): Record<string, string> {
  return {
    'content-type': contentType,
    'cache-control': SEO_CACHE_CONTROL,
    ...(lastModified ? { 'last-modified': lastModified.toUTCString() } : {}),
  };
}

/**
 * A streamed answer from text chunks. The first chunk is produced before the answer starts, so a
 * failure up to there is a 503 and a generator that produces nothing is a 404 (undefined is
 * returned; the caller answers). A failure after that aborts the stream, so the client sees a
 * broken download, never a short document that looks complete.
 */
export async function streamedResponse(
  chunks: AsyncGenerator<string>,
  headers: Record<string, string>,
  label: string,
): Promise<Response | undefined> {
  let first: IteratorResult<string>;
  try {
    first = await chunks.next();
  } catch (error) {
    console.error(`${label}: could not be built`, error);
    return unavailableResponse();
  }
  if (first.done) return undefined;
  const encoder = new TextEncoder();
  let pending: string | undefined = first.value;
  // Set when the client goes away: a chunk already being read then has nowhere to go, and is no error.
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending !== undefined) {
        controller.enqueue(encoder.encode(pending));
        pending = undefined;
        return;
      }
      try {
        const next = await chunks.next();
        if (cancelled) return;
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        if (cancelled) return;
        console.error(`${label}: failed while streaming`, error);
        controller.error(error);
      }
    },
    async cancel() {
      // The client went away: stop reading cars.
      cancelled = true;
      await chunks.return(undefined);
    },
  });
  return new Response(body, { status: 200, headers });
}
