/**
 * What the abuse suite attacks: generated search URLs, and every app/api route with generated
 * bodies or query strings built from a valid request of that route.
 */
import { encode, hostileBody, hostileString, hostileUrlValue, PROTOTYPE_KEYS, Random, type Json } from './hostile';

export interface AbuseRequest {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface SiteFacts {
  host: string;
  makes: string[];
  carSlug: string;
  carId: number;
  dealerships: number[];
}

const SEARCH_SLUGS = [
  'new-used-and-demo-cars',
  'used-cars',
  'new-cars',
  'demo-cars',
  'new-and-demo-cars',
  'suv',
  'no-such-thing',
];
const REFINEMENTS = [
  'car_type',
  'make',
  'model',
  'simple_body',
  'simple_fuel',
  'simple_transmission',
  'drive',
  'colour',
  'year',
  'location_name',
  'dealership_name',
  'tag',
  'state',
];
const RANGES = ['price', 'km', 'year'];

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** One search page URL: a real or hostile path, and parameters of every shape the page may meet. */
export function searchUrl(r: Random, site: SiteFacts): string {
  const segments: string[] = [];
  const roll = r.int(6);
  if (roll === 0) segments.push(hostileUrlValue(r).slice(0, 300) || 'x');
  else if (roll === 1 && site.makes.length)
    segments.push(slug(r.pick(site.makes)), ...(r.chance(0.5) ? [hostileUrlValue(r).slice(0, 200) || 'y'] : []));
  else segments.push(r.pick(SEARCH_SLUGS));
  const params: string[] = [];
  const count = r.int(7);
  let long = false;
  const value = () => {
    const v = hostileUrlValue(r);
    if (v.length > 1000) {
      if (long) return v.slice(0, 100);
      long = true;
    }
    return v;
  };
  for (let i = 0; i < count; i++) {
    switch (r.int(10)) {
      case 0:
        params.push(`page=${r.pick(['2', '0', '-1', '1e9', '9007199254740993', 'NaN', '1.5', value()])}`);
        break;
      case 1:
        params.push(`query=${value()}`);
        break;
      case 2:
        params.push(`sortBy=${r.pick(['price:asc', 'price:desc', 'latest', value()])}`);
        break;
      case 3:
        params.push(
          `refinementList[${r.pick(REFINEMENTS)}][${r.pick(['0', '1', '99999999999', '-1', 'a'])}]=${r.chance(0.5) && site.makes.length ? encode(r.pick(site.makes)) : value()}`,
        );
        break;
      case 4:
        params.push(
          `range[${r.pick(RANGES)}]=${r.pick(['1000:20000', ':5000', '5000:', '1e309:', 'NaN:NaN', '-1:-2', '9'.repeat(300) + ':', value()])}`,
        );
        break;
      case 5:
        // Arrays where strings are expected: repeated keys and bracket forms.
        params.push(
          `${r.pick(['page', 'query', 'sortBy'])}[]=${value()}`,
          `${r.pick(['page', 'query', 'sortBy'])}=${value()}`,
          `${r.pick(['page', 'query', 'sortBy'])}=${value()}`,
        );
        break;
      case 6:
        params.push(`refinementList[${r.pick(PROTOTYPE_KEYS)}][0]=${value()}`, `${r.pick(PROTOTYPE_KEYS)}=${value()}`);
        break;
      case 7:
        params.push(`refinementList[make]=${value()}`, `range=${value()}`, `refinementList=${value()}`);
        break;
      case 8:
        params.push(`${value().slice(0, 60)}=${value()}`);
        break;
      default:
        params.push(`range[${r.pick(RANGES)}][]=${value()}`, `refinementList[${r.pick(REFINEMENTS)}][0][x]=${value()}`);
    }
  }
  return `/search/${segments.join('/')}${params.length ? `?${params.join('&')}` : ''}`;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
];

interface RouteTarget {
  kind: string;
  method: 'GET' | 'POST';
  /** A valid request's body (POST) or query values (GET), mutated into hostile ones. */
  valid: { [key: string]: Json };
  path(r: Random): string;
}

function lead(site: SiteFacts, form = 'general-enquiry'): { [key: string]: Json } {
  return {
    form,
    idempotencyKey: 'abuse-key-0001',
    car_id: site.carId,
    userData: {
      name: 'Ana',
      last_name: 'Silva',
      email: 'ana@example.com',
      phone: '0412 345 678',
      postcode: '2000',
      message: 'Hi',
      category: 'General Enquiry',
      disclaimer: true,
    },
    page: { url: `http://${site.host}/contact`, visited_pages: ['/'], linked_query_params: {} },
  };
}

/** Longest generated query string, encoded (see `query` below). */
const QUERY_LIMIT = 8_000;

/** Every route under app/api, each with a valid request to mutate. */
export function apiTargets(site: SiteFacts): RouteTarget[] {
  const carPath = (r: Random, tail: string) =>
    `/api/cars/${r.chance(0.6) ? site.carSlug : hostileUrlValue(r).slice(0, 300) || 'x'}/${tail}`;
  const query = (r: Random, valid: { [key: string]: Json }) => {
    let body: unknown;
    try {
      body = JSON.parse(hostileBody(r, valid));
    } catch {
      body = {};
    }
    const entries =
      body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body as Record<string, Json>) : [];
    // At most QUERY_LIMIT characters: a request line past Node's 16 KB header limit is refused by
    // Node's HTTP parser (431, no body) before any code of the platform runs, and reverse proxies
    // refuse even shorter ones (nginx: 8 KB). Such requests test Node, not the platform.
    let query = '';
    for (const [k, v] of entries) {
      const pair = `${encode(k)}=${encode(typeof v === 'string' ? v.slice(0, 4000) : JSON.stringify(v).slice(0, 4000))}`;
      if (query.length + pair.length + 1 > QUERY_LIMIT) {
        // A first value too long on its own is cut (perhaps inside an escape: hostile too).
        if (!query) query = pair.slice(0, QUERY_LIMIT);
        break;
      }
      query = query ? `${query}&${pair}` : pair;
    }
    return query;
  };
  const get = (kind: string, valid: { [key: string]: Json }, path: (r: Random) => string): RouteTarget => ({
    kind,
    method: 'GET',
    valid,
    path: (r) => `${path(r)}?${query(r, valid)}`,
  });
  const post = (kind: string, path: string, valid: { [key: string]: Json }): RouteTarget => ({
    kind,
    method: 'POST',
    valid,
    path: () => path,
  });
  return [
    post('POST /api/leads', '/api/leads', lead(site)),
    post('POST /api/reservations', '/api/reservations', { ...lead(site, 'reservation'), car_id: site.carId }),
    post('POST /api/miscellaneous', '/api/miscellaneous', {
      lead_id: 1,
      idempotencyKey: 'abuse-key-0001',
      column_name: 'valuation',
      value: { amount: 1000 },
    }),
    post('POST /api/leads/phone-reveal', '/api/leads/phone-reveal', { car_id: site.carId }),
    post('POST /api/trade-in', '/api/trade-in', {
      step: 'vehicle',
      idempotencyKey: 'abuse-trade-0001',
      rego: 'ABC123',
      regoState: 'nsw',
      make: 'Toyota',
      model: 'Corolla',
      year: 2018,
      odometer: 60000,
    }),
    post('POST /api/youx/quote', '/api/youx/quote', {
      purchasePrice: 30000,
      loanTerm: 5,
      selfAssessedCreditScore: 'GREAT',
    }),
    post('POST /api/watchlist/save-car', '/api/watchlist/save-car', {
      car_id: site.carId,
      phone_number: '0412 345 678',
    }),
    post('POST /api/watchlist/remove-car', '/api/watchlist/remove-car', { car_id: site.carId }),
    post('POST /api/watchlist/merge', '/api/watchlist/merge', { car_ids: [site.carId] }),
    post('POST /api/auth/sign-in/email', '/api/auth/sign-in/email', {
      email: 'ana@example.com',
      password: 'correct horse battery',
    }),
    post('POST /api/auth/email-otp/send-verification-otp', '/api/auth/email-otp/send-verification-otp', {
      email: 'ana@example.com',
      type: 'sign-in',
    }),
    {
      kind: 'POST /api/auth/*',
      method: 'POST',
      valid: { email: 'ana@example.com' },
      path: (r) =>
        `/api/auth/${r.chance(0.5) ? r.pick(['sign-up/email', 'phone-number/send-otp', 'sign-in/email-otp', 'sign-out', 'phone-number/verify', 'update-user']) : hostileUrlValue(r).slice(0, 200)}`,
    },
    get('GET /api/account/session', {}, () => '/api/account/session'),
    get('GET /api/locations/nearest', { postcode: '2000' }, () => '/api/locations/nearest'),
    get('GET /api/similar-cars', { slug: site.carSlug }, () => '/api/similar-cars'),
    get('GET /api/cars/[slug]/view.json', { photos_count: '3', updated_at: '2026-01-01', website_id: 'x' }, (r) =>
      carPath(r, 'view.json'),
    ),
    get('GET /api/cars/[slug]/pdf', {}, (r) => carPath(r, 'pdf')),
    get('GET /api/cars/[slug]/analysis', {}, (r) => carPath(r, 'analysis')),
    get('GET /api/cars/[slug]/autogauge', {}, (r) => carPath(r, 'autogauge')),
    get('GET /api/cars/[slug]/ppsr', {}, (r) => carPath(r, 'ppsr')),
    // Feed photos through the image route (issue 18): hostile addresses, widths and body types
    // answer 400 with a sentence or the placeholder, never a 5xx and never a fetch of a host no list allows.
    get('GET /api/images', { url: 'https://cdn.example.com/stock/1.jpg', w: '640', body: 'suv' }, () => '/api/images'),
    get('GET /api/images/placeholder', { body: 'ute' }, () => '/api/images/placeholder'),
    // The Studio's preview (issue 16): made-up, tampered and oversized tokens never show a draft or fail.
    get('GET /_preview/<token>/...', {}, (r) => {
      const token = r.chance(0.3)
        ? `${Buffer.from(JSON.stringify({ s: 'x', v: r.int(1000), n: 1, e: 9_999_999_999 })).toString('base64url')}.${'A'.repeat(43)}`
        : hostileUrlValue(r).slice(0, 600) || 'x';
      return `/_preview/${token}${r.chance(0.5) ? '' : r.pick(['/search/used-cars', `/cars/${site.carSlug}`, '/x'])}`;
    }),
  ];
}

/** One generated request for a route: a hostile body (sometimes with the wrong content type) or query. */
export function apiRequest(r: Random, target: RouteTarget): AbuseRequest {
  if (target.method === 'GET') return { kind: target.kind, method: 'GET', path: target.path(r), headers: {} };
  const type = r.chance(0.1) ? { 'content-type': r.pick(WRONG_TYPES) } : JSON_TYPE;
  return { kind: target.kind, method: 'POST', path: target.path(r), headers: type, body: hostileBody(r, target.valid) };
}

/** A URL no page has: made-up paths and made-up car pages. */
export function randomUrl(r: Random): string {
  const word = () => Math.floor(r.next() * 36 ** 8).toString(36);
  return r.chance(0.5)
    ? `/cars/${word()}-${word()}`
    : `/${word()}/${r.chance(0.5) ? word() : slug(hostileString(r).slice(0, 50)) || 'x'}`;
}
