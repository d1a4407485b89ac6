/**
 * Issue 30's findings M3 (the optimised-image cache bypassed by any query parameter or Accept
 * spelling, each miss an unlimited AVIF encoding) reproduced over HTTP against the production
 * build, as named checks. Each failed before its fix: Next ignored unknown parameters (200, a new
 * encoding each), the cache was keyed by the raw address and Accept header, and misses had no limit.
 *
 * M4 (Studio uploads) is not reproduced here: the abuse server answers the dealers' own domains
 * only and has no Studio host or staff session. Its rules are covered by route-level unit tests
 * (studio/api/media-route.test.ts, services/studio-media/*.test.ts).
 *
 * Each check sends its own X-Forwarded-For address (the server trusts one proxy hop), so the
 * per-client limit it meets is its own and no other check's.
 */
import type { RawResponse } from '../support/server';
import type { Check, Probe } from './reproductions';
import type { SiteFacts } from './targets';

interface Context {
  probe: Probe;
  port: number;
  db: string;
  sites: SiteFacts[];
}

const AVIF = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
/** More misses than any limit the server could sensibly be given for one address in a minute. */
const MAX_MISSES_TRIED = 1_000;

const optimiser = (src: string, width = 384, extra = '') =>
  `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=75${extra}`;

const text = (res: RawResponse) => res.body.toString('utf8').trim();
const cacheState = (res: RawResponse) => String(res.headers['x-image-cache'] ?? 'none');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function imageAndUploadReproductions(ctx: Context): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const site = ctx.sites[0];
  if (!site) return [{ name: 'the demo sites are there (images)', ok: false, detail: 'no site facts' }];
  const probe: Probe = (options) => ctx.probe({ host: site.host, ...options });
  const from = (ip: string, accept = AVIF) => ({ accept, 'x-forwarded-for': ip });

  // A demo picture no other check asks for (any colour name draws one), so its first request is a miss.
  const picture = `/media/vehicles/ute/abuse${Date.now().toString(36)}/rear.png`;

  // M3: unknown parameters were ignored by Next, so each made-up value was a new encoding and entry.
  const junk = await Promise.all(
    ['cachebuster=1', 'cachebuster=2', 'v=abc', 'w=384', 'dpl=x', '=1'].map((extra) =>
      probe({ path: optimiser(picture, 384, `&${extra}`), headers: from('10.30.1.1') }),
    ),
  );
  const badValues = await Promise.all(
    [
      `/_next/image?url=${encodeURIComponent(picture)}&w=385&q=75`,
      `/_next/image?url=${encodeURIComponent(picture)}&w=0384&q=75`,
      `/_next/image?url=${encodeURIComponent(picture)}&w=384&q=74`,
      `/_next/image?url=${encodeURIComponent(`${picture}?v=1`)}&w=384&q=75`,
      `/_next/image?url=${encodeURIComponent(picture.replace('/ute/', '//ute/'))}&w=384&q=75`,
      `/_next/imagex?url=${encodeURIComponent(picture)}&w=384&q=75`,
    ].map((path) => probe({ path, headers: from('10.30.1.1') })),
  );
  const refused = [...junk, ...badValues];
  check(
    'an optimiser request with an unknown parameter, another width or quality, or a second spelling of the picture is refused with 400 before anything is encoded',
    refused.every(
      (r) =>
        r.status === 400 &&
        r.headers['x-image-cache'] === undefined &&
        String(r.headers['content-type']).startsWith('text/plain') &&
        text(r).length > 20,
    ),
    `${refused.map((r) => `${r.status} ${cacheState(r)}`).join(', ')}; e.g. "${junk[0] ? text(junk[0]).slice(0, 90) : ''}"`,
  );

  const posted = await probe({ method: 'POST', path: optimiser(picture), headers: from('10.30.1.1') });
  check(
    'another method than GET or HEAD on the optimiser is refused (405) before anything is encoded',
    posted.status === 405 && posted.headers['x-image-cache'] === undefined,
    `answered ${posted.status} ${cacheState(posted)}`,
  );

  // M3: every Accept spelling was its own key: a browser's, then curl's, then any made-up one.
  const first = await probe({ path: optimiser(picture), headers: from('10.30.2.1') });
  let settled = first;
  for (let i = 0; i < 30 && settled.headers['x-image-cache'] !== 'hit'; i++) {
    await sleep(100);
    settled = await probe({ path: optimiser(picture), headers: from('10.30.2.1') });
  }
  const variants = await Promise.all(
    ['image/avif', 'image/avif;q=0.9, image/webp;q=0.8', 'image/webp;q=0.5,image/avif,*/*', 'image/avif,x/junk-1'].map(
      (accept) => probe({ path: optimiser(picture), headers: from('10.30.2.2', accept) }),
    ),
  );
  const reordered = await probe({
    path: `/_next/image?q=75&w=384&url=${encodeURIComponent(picture)}`,
    headers: from('10.30.2.2'),
  });
  const shared = [...variants, reordered];
  check(
    'Accept headers that choose the same format, and the parameters in another order, are answered from one cache entry',
    first.status === 200 &&
      settled.headers['x-image-cache'] === 'hit' &&
      shared.every(
        (r) =>
          r.status === 200 &&
          r.headers['x-image-cache'] === 'hit' &&
          r.body.equals(first.body) &&
          r.headers['content-type'] === first.headers['content-type'],
      ),
    `first ${first.status} ${cacheState(first)} ${String(first.headers['content-type'])}; variants ${shared
      .map((r) => `${r.status} ${cacheState(r)}`)
      .join(', ')}`,
  );

  // M3: misses had no limit. Cheap misses (a remote address Next refuses without fetching) count
  // like costly ones, so the limit is met without making the server encode anything.
  const flooder = '10.30.3.1';
  let misses = 0;
  let limited: RawResponse | undefined;
  const before: number[] = [];
  for (let i = 0; i < MAX_MISSES_TRIED && !limited; i++) {
    const res = await probe({
      path: `/_next/image?url=${encodeURIComponent(`https://abuse.example/${i}.png`)}&w=96&q=75`,
      headers: from(flooder),
    });
    if (res.status === 429) limited = res;
    else {
      misses++;
      before.push(res.status);
    }
  }
  const bystander = await probe({
    path: `/_next/image?url=${encodeURIComponent('https://abuse.example/other.png')}&w=96&q=75`,
    headers: from('10.30.3.2'),
  });
  // A picture already made is still served to the limited client: hits cost nothing.
  const stillServed = await probe({ path: optimiser(picture), headers: from(flooder) });
  check(
    'one client address asking for more new pictures than its budget is answered 429, saying why; other clients and kept pictures are not held back',
    !!limited &&
      misses > 0 &&
      before.every((status) => status === 400) &&
      /too many new pictures/i.test(text(limited)) &&
      limited.headers['retry-after'] !== undefined &&
      bystander.status === 400 &&
      stillServed.status === 200 &&
      stillServed.headers['x-image-cache'] === 'hit',
    limited
      ? `429 after ${misses} misses (retry-after ${String(limited.headers['retry-after'])}): "${text(limited).slice(0, 80)}"; another client ${bystander.status}; a kept picture ${stillServed.status} ${cacheState(stillServed)}`
      : `no 429 in ${misses} misses from one address`,
  );

  // M3: junk entries pushed real ones out of the bounded cache. Now junk is refused and never kept.
  await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      probe({ path: optimiser(picture, 384, `&junk=${i}`), headers: from('10.30.4.1', `image/avif,x/${i}`) }),
    ),
  );
  const afterJunk = await probe({ path: optimiser(picture), headers: from('10.30.4.2') });
  check(
    'a flood of made-up optimiser addresses leaves a kept picture in the cache',
    afterJunk.status === 200 && afterJunk.headers['x-image-cache'] === 'hit',
    `answered ${afterJunk.status} ${cacheState(afterJunk)}`,
  );

  return checks;
}
