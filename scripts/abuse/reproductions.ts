/**
 * The security review's findings (issue 14), each reproduced over HTTP against the production
 * build as a named check. Each failed before its fix.
 */
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import type { RawRequest, RawResponse } from '../support/server';
import type { SiteFacts } from './targets';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export type Probe = (options: Omit<RawRequest, 'port' | 'host'> & { host?: string }) => Promise<RawResponse>;

interface Context {
  probe: Probe;
  port: number;
  db: string;
  sites: SiteFacts[];
}

const json = (res: RawResponse): Record<string, unknown> => {
  try {
    return JSON.parse(res.body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
};

const shopper = {
  name: 'Abuse',
  last_name: 'Check',
  email: 'abuse@example.com',
  phone: '0412 345 678',
  postcode: '2000',
  disclaimer: true,
};

function postJson(probe: Probe, path: string, body: unknown, ip: string, host?: string): Promise<RawResponse> {
  return probe({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(host ? { host } : {}),
  });
}

function query<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export async function reproductions({ probe: probeAny, db, sites }: Context): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const site = sites.find((s) => s.host.includes('southerncross')) ?? sites[0];
  const gatedSite = sites.find((s) => s.host.includes('harbourcity'));
  if (!site) return [{ name: 'the demo sites are there', ok: false, detail: 'no site facts' }];
  const probe: Probe = (options) => probeAny({ host: site.host, ...options });

  // Security headers, and no internal route names in answers.
  const home = await probe({ path: '/' });
  const csp = String(home.headers['content-security-policy'] ?? '');
  check(
    'pages carry security headers and no internal rewrite header',
    home.status === 200 &&
      csp.includes("frame-ancestors 'none'") &&
      csp.includes("object-src 'none'") &&
      home.headers['x-content-type-options'] === 'nosniff' &&
      !!home.headers['referrer-policy'] &&
      home.headers['x-middleware-rewrite'] === undefined,
    `status ${home.status}; CSP ${csp ? 'present' : 'missing'}; x-middleware-rewrite ${String(home.headers['x-middleware-rewrite'] ?? 'absent')}`,
  );
  const search = await probe({ path: '/search/used-cars?query[]=a&query=b&page=x&page=2' });
  const nonce = /'nonce-([^']+)'/.exec(String(search.headers['content-security-policy'] ?? ''))?.[1];
  check(
    'a page rendered per request puts a fresh nonce on every script',
    search.status === 200 &&
      !!nonce &&
      !/<script(?![^>]*nonce=)[^>]*>/.test(
        search.body.toString('utf8').replace(/<script[^>]*type="application\/ld\+json"[^>]*>/g, ''),
      ),
    `status ${search.status}; nonce ${nonce ? 'present' : 'missing'}`,
  );

  // Issue 19: the document cache gives a search page asked again to the next shopper.
  const kept = '/search/used-cars?sortBy=lowestKm&page=3';
  const filled = await probe({
    path: kept,
    headers: { cookie: 'better-auth.session_token=abuse', 'x-forwarded-host': 'evil.example', 'accept-language': 'xx' },
  });
  const firstNonce = /'nonce-([^']+)'/.exec(String(filled.headers['content-security-policy'] ?? ''))?.[1];
  let hit = await probe({ path: kept });
  for (let i = 0; i < 20 && hit.headers['x-document-cache'] !== 'hit'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    hit = await probe({ path: kept });
  }
  const hitPolicy = String(hit.headers['content-security-policy'] ?? '');
  const scriptSources = /script-src ([^;]*)/.exec(hitPolicy)?.[1]?.split(' ') ?? [];
  const hitHtml = hit.body.toString('utf8');
  const inline = [
    ...hitHtml.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
  ];
  const unlisted = inline.filter(
    (m) =>
      !scriptSources.includes(
        `'sha256-${createHash('sha256')
          .update(m[1] ?? '', 'utf8')
          .digest('base64')}'`,
      ),
  );
  check(
    'a search page served from the document cache allows exactly its own inline scripts, and carries no earlier nonce',
    filled.headers['x-document-cache'] === 'miss' &&
      hit.headers['x-document-cache'] === 'hit' &&
      !!firstNonce &&
      !hitHtml.includes(firstNonce) &&
      !scriptSources.includes("'unsafe-inline'") &&
      !scriptSources.some((source) => source.startsWith("'nonce-")) &&
      inline.length > 0 &&
      unlisted.length === 0,
    `first ${String(filled.headers['x-document-cache'])}, then ${String(hit.headers['x-document-cache'])}; ${inline.length} inline scripts, ${unlisted.length} not in the policy`,
  );
  check(
    'what one request sent (a cookie, a forwarded host) does not reach the page the cache gives others',
    hit.status === 200 && !hitHtml.includes('evil.example') && hit.headers['set-cookie'] === undefined,
    `answered ${hit.status}; mentions evil.example: ${hitHtml.includes('evil.example')}`,
  );
  const navigation = await probe({ path: kept, headers: { rsc: '1', 'next-router-state-tree': '%5B%22%22%5D' } });
  check(
    "Next's data requests for a kept address are never answered from the document cache",
    navigation.headers['x-document-cache'] === undefined && !navigation.body.toString('utf8').startsWith('<!DOCTYPE'),
    `answered ${navigation.status} ${String(navigation.headers['content-type'])}, cache ${String(navigation.headers['x-document-cache'] ?? 'none')}`,
  );

  // Issue 19: optimised pictures are encoded once per format, then answered from memory.
  const picture = '/_next/image?url=%2Fmedia%2Fvehicles%2Fsuv%2Fwhite%2Fside.png&w=640&q=75';
  const encoded = await probe({ path: picture, headers: { accept: 'image/avif,image/webp,*/*' } });
  let again = await probe({ path: picture, headers: { accept: 'image/avif,image/webp,*/*' } });
  for (let i = 0; i < 20 && again.headers['x-image-cache'] !== 'hit'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    again = await probe({ path: picture, headers: { accept: 'image/avif,image/webp,*/*' } });
  }
  check(
    'an optimised picture is encoded once, then served from memory with the same bytes and headers',
    encoded.status === 200 &&
      again.headers['x-image-cache'] === 'hit' &&
      again.body.equals(encoded.body) &&
      again.headers['content-type'] === encoded.headers['content-type'] &&
      again.headers['content-security-policy'] === encoded.headers['content-security-policy'],
    `first ${encoded.status} ${String(encoded.headers['x-image-cache'])}, then ${again.status} ${String(again.headers['x-image-cache'])}`,
  );
  const foreign = '/_next/image?url=https%3A%2F%2Fevil.example%2Fa.png&w=640&q=75';
  const refused = [await probe({ path: foreign }), await probe({ path: foreign })];
  check(
    'a picture the optimiser refuses is refused every time, never kept',
    refused.every((r) => r.status === 400 && r.headers['x-image-cache'] === 'miss'),
    `answered ${refused.map((r) => `${r.status} ${String(r.headers['x-image-cache'])}`).join(', ')}`,
  );

  const protoMake = await probe({
    path: '/search/new-used-and-demo-cars?refinementList[make][0]=constructor&refinementList[model][0]=__proto__&refinementList[make][1]=toString',
  });
  check(
    'a search for the make "constructor" is an empty result, not a failed search',
    protoMake.status === 200 && !protoMake.body.toString('utf8').includes('search__error'),
    `answered ${protoMake.status}`,
  );

  // <slug>.localhost is refused in production.
  const local = await probe({ path: '/', host: `southern-cross-motors.localhost:${3000}` });
  check('a production server does not serve <slug>.localhost hosts', local.status === 404, `answered ${local.status}`);

  // Prototype keys and deep nesting.
  const constructorSignIn = await probe({ path: '/sign-in?type=constructor' });
  check(
    '/sign-in?type=constructor is a page, not a server error',
    constructorSignIn.status === 200,
    `answered ${constructorSignIn.status}`,
  );
  for (const form of ['constructor', '__proto__', 'toString']) {
    const res = await postJson(
      probe,
      '/api/leads',
      { form, idempotencyKey: `abuse-proto-${form.replace(/_/g, 'x')}-1`, userData: shopper },
      '10.1.0.1',
    );
    check(
      `a lead for form "${form}" is refused with a message naming the form`,
      (res.status === 404 || res.status === 400) && String(json(res).error ?? '').includes('form'),
      `answered ${res.status} ${res.body.toString('utf8').slice(0, 120)}`,
    );
  }
  const deep = await postJson(
    probe,
    '/api/leads',
    `{"form":"general-enquiry","idempotencyKey":"abuse-deep-1","userData":{"message":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`,
    '10.1.0.2',
  );
  check(
    'a 20,000-deep message is refused with a message',
    deep.status === 400 && !!json(deep).error,
    `answered ${deep.status}`,
  );

  // Reservations: one key is one car; unlisted cars and gated checkout.
  const cars = query<{ id: number; slug: string }>(
    db,
    `SELECT id, slug FROM cars WHERE show_on_dealer_website = 1 AND status = 'in_stock' AND car_type = 'used' AND withdrawn_at IS NULL AND dealership_id IN (2,3,4,5,6) ORDER BY id LIMIT 60`,
  );
  let first: { id: number; res: RawResponse } | undefined;
  let tried = 0;
  for (const car of cars) {
    tried++;
    const res = await postJson(
      probe,
      '/api/reservations',
      { car_id: car.id, idempotencyKey: `abuse-hold-${car.id}`, userData: shopper },
      `10.2.${tried}.1`,
    );
    if (res.status === 201) {
      first = { id: car.id, res };
      break;
    }
  }
  const other = cars.find((c) => c.id !== first?.id && c.id > (first?.id ?? 0));
  if (first && other) {
    const again = await postJson(
      probe,
      '/api/reservations',
      { car_id: other.id, idempotencyKey: `abuse-hold-${first.id}`, userData: shopper },
      '10.2.200.1',
    );
    const held =
      query<{ n: number }>(
        db,
        `SELECT count(*) AS n FROM reservations WHERE car_id = ? AND status = 'held'`,
        other.id,
      )[0]?.n ?? 0;
    check(
      'one idempotency key holds one car: the same key with another car is a 409 and holds nothing',
      again.status === 409 && held === 0 && !!json(again).error,
      `second car answered ${again.status}; holds on it ${held}`,
    );
  } else check('one idempotency key holds one car', false, `no reservable car among ${tried} tried`);
  const hidden = query<{ id: number }>(
    db,
    `SELECT id FROM cars WHERE show_on_dealer_website = 0 AND status = 'in_stock' AND dealership_id IN (2,3,4,5,6) LIMIT 1`,
  )[0];
  if (hidden) {
    const res = await postJson(
      probe,
      '/api/reservations',
      { car_id: hidden.id, idempotencyKey: `abuse-hidden-${hidden.id}`, userData: shopper },
      '10.2.201.1',
    );
    const held =
      query<{ n: number }>(db, `SELECT count(*) AS n FROM reservations WHERE car_id = ?`, hidden.id)[0]?.n ?? 0;
    check(
      'a car the site does not list cannot be held',
      res.status === 404 && held === 0,
      `answered ${res.status}; holds ${held}`,
    );
    const similar = await probe({
      path: `/api/similar-cars?slug=${query<{ slug: string }>(db, 'SELECT slug FROM cars WHERE id = ?', hidden.id)[0]?.slug ?? ''}`,
    });
    check(
      'similar cars of a car the site does not list is a 404',
      similar.status === 404,
      `answered ${similar.status}`,
    );
    const reveal = await postJson(probe, '/api/leads/phone-reveal', { car_id: hidden.id }, '10.2.202.1');
    check(
      'a phone reveal for a car the site does not list is a 404',
      reveal.status === 404,
      `answered ${reveal.status}`,
    );
  }
  if (gatedSite) {
    const gatedCar = query<{ id: number }>(
      db,
      `SELECT id FROM cars WHERE show_on_dealer_website = 1 AND status = 'in_stock' AND dealership_id = 1 LIMIT 1`,
    )[0];
    const res = await postJson(
      probe,
      '/api/reservations',
      { car_id: gatedCar?.id ?? 0, idempotencyKey: 'abuse-gated-1', userData: shopper },
      '10.2.203.1',
      gatedSite.host,
    );
    check(
      'where checkout is gated, the reservations API needs a signed-in shopper',
      res.status === 401 && !!json(res).error,
      `answered ${res.status} ${res.body.toString('utf8').slice(0, 160)}`,
    );
  }

  // A reused key cannot grow a lead without bound, and a completed lead is frozen.
  const dealership =
    query<{ slug: string }>(db, `SELECT slug FROM dealerships WHERE id = ?`, site.dealerships[0] ?? 0)[0]?.slug ?? '';
  const extras = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`extra_${i}`, 'x'.repeat(200)]));
  let lastGrow: RawResponse | undefined;
  for (let i = 0; i < 5; i++) {
    const more = Object.fromEntries(Object.entries(extras).map(([k, v]) => [`${k}_${i}`, v]));
    lastGrow = await postJson(
      probe,
      '/api/leads',
      {
        form: 'general-enquiry',
        idempotencyKey: 'abuse-grow-1',
        userData: { ...shopper, message: 'Hello', category: 'General Enquiry', dealership_slug: dealership, ...more },
      },
      '10.3.0.1',
    );
  }
  const grown = query<{ size: number; message: string }>(
    db,
    `SELECT length(fields) + length(extras) AS size, json_extract(fields, '$.message') AS message FROM leads WHERE idempotency_key = 'abuse-grow-1'`,
  )[0];
  check(
    'five posts with one key and 40 extra fields each leave the lead bounded',
    grown !== undefined && grown.size <= 64 * 1024,
    `lead size ${grown?.size ?? 'missing'} bytes; last post answered ${lastGrow?.status}`,
  );
  const frozen = await postJson(
    probe,
    '/api/leads',
    {
      form: 'general-enquiry',
      idempotencyKey: 'abuse-grow-1',
      userData: {
        ...shopper,
        message: 'Changed after completion',
        category: 'General Enquiry',
        dealership_slug: dealership,
      },
    },
    '10.3.0.2',
  );
  const after = query<{ message: string }>(
    db,
    `SELECT json_extract(fields, '$.message') AS message FROM leads WHERE idempotency_key = 'abuse-grow-1'`,
  )[0];
  check(
    'a completed lead is frozen: a later post with its key changes nothing and answers the stored result',
    after?.message === grown?.message &&
      (frozen.status === 200 || frozen.status === 201) &&
      json(frozen).completed === true,
    `answered ${frozen.status}; message now "${String(after?.message).slice(0, 40)}"`,
  );

  // phone-reveal: JSON only, and limited; view counts cannot be inflated.
  const plain = await probe({
    method: 'POST',
    path: '/api/leads/phone-reveal',
    headers: { 'content-type': 'text/plain', 'x-forwarded-for': '10.4.0.1' },
    body: JSON.stringify({ car_id: site.carId }),
  });
  check(
    'phone-reveal refuses text/plain bodies (cross-site posts without a preflight)',
    plain.status === 400 || plain.status === 415,
    `answered ${plain.status}`,
  );
  const reveals: number[] = [];
  for (let i = 0; i < 40; i++)
    reveals.push((await postJson(probe, '/api/leads/phone-reveal', { car_id: site.carId }, '10.4.0.2')).status);
  check('phone-reveal is limited per address', reveals.includes(429), `statuses ${[...new Set(reveals)].join(', ')}`);
  const views: number[] = [];
  for (let i = 0; i < 5; i++)
    views.push(
      Number(
        json(await probe({ path: `/api/cars/${site.carSlug}/view.json`, headers: { 'x-forwarded-for': '10.5.0.1' } }))
          .views,
      ),
    );
  check(
    'one address viewing a car five times counts one view',
    views.every((v) => v === views[0]) && Number.isFinite(views[0]),
    `views answered ${views.join(', ')}`,
  );

  // Made-up paths are rendered per request, never cached; made-up car pages are 404s.
  const ghostPage = `/abuse-no-such-page-${Date.now()}`;
  const pageA = await probe({ path: ghostPage });
  const pageB = await probe({ path: ghostPage });
  check(
    'a made-up path is a 404 rendered per request, never from the page cache',
    pageA.status === 404 && pageB.status === 404 && pageB.headers['x-nextjs-cache'] === undefined,
    `answered ${pageA.status}/${pageB.status}, cache ${String(pageB.headers['x-nextjs-cache'] ?? 'none')}`,
  );
  const ghostCar = await probe({ path: `/cars/abuse-no-such-car-${Date.now()}` });
  check('a made-up car page is a 404', ghostCar.status === 404, `answered ${ghostCar.status}`);
  return checks;
}
