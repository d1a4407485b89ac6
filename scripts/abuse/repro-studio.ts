/**
 * Issue 30's findings on what a Studio editor can reach beyond their site, reproduced over HTTP
 * against the production build: the Studio on its own host (STUDIO_HOST, set by run.ts), signed in
 * as the demo accounts. Each check sends what the review sent and passes only when the platform
 * refuses it and the public sites are as they were. Nothing here publishes: every change is
 * refused, so the database the other checks use is left as it was (a refused publish keeps a draft).
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { DEMO_STAFF_PASSWORD } from '../../demo-data/staff';
import type { RawResponse } from '../support/server';
import type { Check, Probe } from './reproductions';
import type { SiteFacts } from './targets';

/** The Studio's host on the abuse server (run.ts sets STUDIO_HOST to it). */
export const ABUSE_STUDIO_HOST = 'studio.abuse.test';
/** The parent of the preview addresses on the abuse server (run.ts sets PREVIEW_DOMAIN). */
export const ABUSE_PREVIEW_DOMAIN = 'preview.abuse.test';

const STUDIO_ORIGIN = `https://${ABUSE_STUDIO_HOST}`;
const HARBOUR = 'harbour-city-mazda';
const HARBOUR_HOST = 'www.harbourcitymazda.com.au';
const SOUTHERN_HOST = 'www.southerncrossmotors.com.au';

type Doc = Record<string, unknown>;

const json = (res: RawResponse): Record<string, unknown> => {
  try {
    return JSON.parse(res.body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
};

const pointers = (res: RawResponse): string[] => {
  const issues = json(res).issues;
  return Array.isArray(issues)
    ? issues.flatMap((issue: unknown) =>
        typeof issue === 'object' && issue !== null && 'pointer' in issue ? [String(issue.pointer)] : [],
      )
    : [];
};

const messages = (res: RawResponse): string =>
  [
    String(json(res).message ?? ''),
    ...(Array.isArray(json(res).issues)
      ? (json(res).issues as unknown[]).map((issue) =>
          typeof issue === 'object' && issue !== null && 'message' in issue ? String(issue.message) : '',
        )
      : []),
  ].join(' | ');

/**
 * A PNG that says it is `width` x `height` pixels of `bitDepth`-bit colour and holds almost nothing:
 * the review's upload, a few hundred bytes that would decode to gigabytes.
 */
function pngHeader(width: number, height: number, bitDepth: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(bitDepth, 8);
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Signs a demo staff member in on the Studio's host: the session cookie, or '' when refused. */
async function signIn(probe: Probe, email: string): Promise<string> {
  const res = await probe({
    host: ABUSE_STUDIO_HOST,
    method: 'POST',
    path: '/api/studio/auth/sign-in/email',
    headers: { 'content-type': 'application/json', origin: STUDIO_ORIGIN, 'x-forwarded-proto': 'https' },
    body: JSON.stringify({ email, password: DEMO_STAFF_PASSWORD }),
  });
  const cookies = res.headers['set-cookie'];
  const list = Array.isArray(cookies) ? cookies : cookies ? [cookies] : [];
  return list
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((cookie) => cookie.includes('session_token'))
    .join('; ');
}

export async function studioReproductions({ probe }: { probe: Probe; sites: SiteFacts[] }): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const siteEditor = await signIn(probe, 'site@studio.example');
  const admin = await signIn(probe, 'admin@studio.example');
  if (!siteEditor || !admin)
    return [{ name: 'issue 30: the demo staff sign in to the Studio', ok: false, detail: 'no session cookie' }];

  const studio = (cookie: string, method: string, path: string, body?: unknown) =>
    probe({
      host: ABUSE_STUDIO_HOST,
      method,
      path,
      headers: {
        cookie,
        origin: STUDIO_ORIGIN,
        'x-forwarded-proto': 'https',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const opened = json(await studio(siteEditor, 'GET', `/api/studio/sites/${HARBOUR}/document`));
  const published = opened.published as { versionId: number; document: Doc } | null | undefined;
  const file = opened.file as { document: Doc } | null | undefined;
  const document = published?.document ?? file?.document;
  if (!document)
    return [{ name: 'issue 30: the Studio opens Harbour City', ok: false, detail: JSON.stringify(opened) }];
  const baseVersionId = published?.versionId ?? null;
  const publish = (cookie: string, changed: Doc, message: string) =>
    studio(cookie, 'POST', `/api/studio/sites/${HARBOUR}/publish`, { document: changed, baseVersionId, message });
  const southernHome = async () => (await probe({ host: 'southerncrossmotors.com.au', path: '/' })).body.toString();
  const domains = (document.domains as string[] | undefined) ?? [];

  // H1: a site editor adds Southern Cross's bare domain, or its development address, to Harbour City.
  for (const domain of ['southerncrossmotors.com.au', 'southern-cross-motors.localhost']) {
    const res = await publish(siteEditor, { ...document, domains: [...domains, domain] }, 'Take a domain');
    const home = await southernHome();
    check(
      `issue 30 H1: a site editor cannot add "${domain}" to Harbour City; Southern Cross keeps it`,
      res.status === 403 && pointers(res).includes('/domains') && !home.includes('Harbour City'),
      `publish ${res.status} ${messages(res).slice(0, 200)}; southerncrossmotors.com.au shows Harbour City: ${home.includes('Harbour City')}`,
    );
  }
  // H1: not even an admin can give one site another's www. twin or development address.
  for (const domain of ['southerncrossmotors.com.au', 'southern-cross-motors.localhost', ABUSE_STUDIO_HOST]) {
    const res = await publish(admin, { ...document, domains: [...domains, domain] }, 'Take a domain');
    check(
      `issue 30 H1: "${domain}" is refused for Harbour City whoever publishes it`,
      res.status === 422 && pointers(res).some((pointer) => pointer.startsWith('/domains')),
      `publish ${res.status} ${messages(res).slice(0, 200)}`,
    );
  }

  // H2: a site editor lists every dealer's dealerships on Harbour City.
  {
    const res = await publish(siteEditor, { ...document, dealerships: [1, 2, 3, 4, 5, 6, 7] }, 'All the stock');
    const after = json(await studio(admin, 'GET', `/api/studio/sites/${HARBOUR}/document`));
    const live = (after.published as { versionId: number } | null | undefined)?.versionId ?? null;
    check(
      "issue 30 H2: a site editor cannot list other dealers' dealerships (their stock and enquiries) on their site",
      res.status === 403 && pointers(res).includes('/dealerships') && live === baseVersionId,
      `publish ${res.status}; published version ${String(live)} (was ${String(baseVersionId)})`,
    );
  }

  // M1, L3: signing secrets and chat keys by any variable name.
  for (const [what, changed, pointer] of [
    [
      'a webhook signed with AUTH_SECRET',
      { ...document, leadDelivery: [{ type: 'webhook', url: 'https://crm.example/leads', secretEnv: 'AUTH_SECRET' }] },
      '/leadDelivery/0/secretEnv',
    ],
    [
      "a webhook signed with another site's secret",
      {
        ...document,
        leadDelivery: [
          { type: 'webhook', url: 'https://crm.example/leads', secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__CRM' },
        ],
      },
      '/leadDelivery/0/secretEnv',
    ],
    [
      "a chat key of a site whose id starts with this one's",
      {
        ...document,
        messaging: {
          enabled: true,
          provider: 'http',
          endpoint: 'https://chat.example/in',
          credentialEnv: 'MESSAGING_HARBOUR_CITY_MAZDA_SYDNEY__KEY',
        },
      },
      '/messaging/credentialEnv',
    ],
  ] as const) {
    const byEditor = await publish(siteEditor, changed, 'Secret');
    const byAdmin = await publish(admin, changed, 'Secret');
    const said = messages(byAdmin);
    check(
      `issue 30 M1/L3: ${what} is refused (a site editor may not change destinations at all), saying only what the name must be`,
      byEditor.status === 403 &&
        byAdmin.status === 422 &&
        pointers(byAdmin).includes(pointer) &&
        said.includes('LEAD_WEBHOOK_HARBOUR_CITY_MAZDA__') !== said.includes('MESSAGING_HARBOUR_CITY_MAZDA__') &&
        !/not set|is set|exists/.test(said),
      `site editor ${byEditor.status}; admin ${byAdmin.status} ${said.slice(0, 240)}`,
    );
  }

  // L2: the Studio frames only the platform's preview addresses, and sends the token to no domain a document names.
  {
    const page = await studio(admin, 'GET', `/sites/${HARBOUR}`);
    const policy = String(page.headers['content-security-policy'] ?? '');
    const frames = /frame-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
    const html = page.body.toString('utf8');
    check(
      'issue 30 L2: the Studio frames previews only on <site>.<PREVIEW_DOMAIN>, never a domain the document names',
      page.status === 200 &&
        frames.includes(`https://*.${ABUSE_PREVIEW_DOMAIN}`) &&
        !frames.includes('https:') &&
        html.includes(`https://${HARBOUR}.${ABUSE_PREVIEW_DOMAIN}`) &&
        !html.includes(`https://${HARBOUR_HOST}/_preview`),
      `status ${page.status}; frame-src ${frames.join(' ')}`,
    );
    const previewHostPage = await probe({ host: `${HARBOUR}.${ABUSE_PREVIEW_DOMAIN}`, path: '/' });
    check(
      'issue 30 L2: a preview address serves no public page',
      previewHostPage.status === 404,
      `GET / on the preview address answered ${previewHostPage.status}`,
    );
  }

  // L4, L5: a script as the dealer's web address, and paths that leave the site.
  for (const [what, changed, pointer] of [
    [
      'contact.siteUrl javascript:',
      { ...document, contact: { ...(document.contact as Doc), siteUrl: 'javascript:alert(document.domain)' } },
      '/contact/siteUrl',
    ],
    [
      'a form sending shoppers to //evil.example after a lead',
      {
        ...document,
        forms: {
          'general-enquiry': {
            title: 'Enquire',
            successPath: '//evil.example/thanks',
            fields: [{ name: 'email', type: 'email' }],
          },
        },
      },
      '/forms/general-enquiry/successPath',
    ],
    [
      'a form sending shoppers to /\\evil.example after a lead',
      {
        ...document,
        forms: {
          'general-enquiry': {
            title: 'Enquire',
            successPath: '/\\evil.example/thanks',
            fields: [{ name: 'email', type: 'email' }],
          },
        },
      },
      '/forms/general-enquiry/successPath',
    ],
  ] as const) {
    const res = await publish(siteEditor, changed, 'Links');
    check(
      `issue 30 L4/L5: ${what} is refused`,
      res.status === 422 && pointers(res).includes(pointer),
      `publish ${res.status} ${pointers(res).join(', ')}`,
    );
  }
  // M4: uploads the review used against memory, and formats the Studio does not promise.
  {
    const upload = (name: string, type: string, bytes: Buffer) => {
      const boundary = `abuse${Date.now()}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return probe({
        host: ABUSE_STUDIO_HOST,
        method: 'POST',
        path: `/api/studio/sites/${HARBOUR}/media`,
        headers: {
          cookie: siteEditor,
          origin: STUDIO_ORIGIN,
          'x-forwarded-proto': 'https',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body,
      });
    };
    const tiff = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0b3c5d' } })
      .tiff()
      .toBuffer();
    const asTiff = await upload('photo.tif', 'image/tiff', tiff);
    const huge = await upload('huge.png', 'image/png', pngHeader(10_000, 9_999, 16));
    // 40 megapixels is under the count, but at 16 bits a channel it decodes to 240 MB.
    const deep = await upload('deep.png', 'image/png', pngHeader(8_000, 5_000, 16));
    const together = await Promise.all(
      [0, 1, 2, 3].map(() => upload('huge.png', 'image/png', pngHeader(10_000, 9_999, 16))),
    );
    check(
      'issue 30 M4: a TIFF is refused, and 16-bit PNGs of 40 and almost 100 megapixels are refused from their header, four at once, before any decoding',
      asTiff.status === 415 &&
        huge.status === 400 &&
        messages(huge).includes('megapixels') &&
        deep.status === 400 &&
        together.every((res) => res.status === 400 || res.status === 429) &&
        huge.ms < 2000,
      `TIFF ${asTiff.status} ${messages(asTiff).slice(0, 80)}; PNG ${huge.status} in ${huge.ms.toFixed(0)} ms ${messages(huge).slice(0, 120)}; 16-bit 40 MP ${deep.status} ${messages(deep).slice(0, 120)}; four at once ${together.map((r) => r.status).join(', ')}`,
    );
  }

  const southern = await probe({ host: SOUTHERN_HOST, path: '/' });
  check(
    'issue 30: after every refused publish the sites serve as before',
    southern.status === 200 && !southern.body.toString().includes('Harbour City'),
    `Southern Cross home ${southern.status}`,
  );
  return checks;
}
