import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTenantFile, loadTenantRegistry } from './tenant-registry';
import { formatIssue } from '../schemas/validation-messages';

const dir = mkdtempSync(join(tmpdir(), 'tenants-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = { schemaVersion: 2, name: 'Test Motors', template: 'franchise', contact: { phone: '(02) 9000 0000' } };

function load(slug: string, doc: unknown) {
  const path = join(dir, `${slug}.json`);
  writeFileSync(path, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return loadTenantFile(path);
}

function messages(slug: string, doc: unknown): string[] {
  const entry = load(slug, doc);
  if (entry.ok) throw new Error('expected the tenant to be invalid');
  return entry.issues.map((i) => `${i.pointer} ${i.message}`);
}

describe('loading a tenant', () => {
  it('merges template defaults, then the tenant, and fills schema defaults', () => {
    const entry = load('good', { ...base, slug: 'good', features: { offers: true }, search: { hitsPerPage: 30 } });
    expect(entry.ok).toBe(true);
    if (!entry.ok) return;
    const { config } = entry;
    expect(config.search.hitsPerPage).toBe(30); // tenant
    expect(config.search.soldVisibleDays).toBe(3); // schema default, catalogue §9
    expect(config.pricing.noPriceText).toBe('Enquire for price.'); // schema default, catalogue §4
    expect(config.features.offers).toBe(true);
    expect(config.menus.header.some((i) => i.label === 'Sell My Car')).toBe(true); // template
    expect(config.pages?.['/']).toBeTruthy();
  });

  it('migrates a legacy file on load', () => {
    const entry = load('legacy', { slug: 'legacy', name: 'Legacy', template: 'franchise', phone: '(02) 9000 1111' });
    expect(entry.ok && entry.config.contact?.phone).toBe('(02) 9000 1111');
  });

  it('lets a tenant remove a template page with null', () => {
    const entry = load('nopage', { ...base, slug: 'nopage', pages: { '/fleet': null } });
    expect(entry.ok && Object.keys(entry.config.pages ?? {})).not.toContain('/fleet');
  });
});

describe('validation messages a person can act on', () => {
  it('names the nearest valid key for a typo', () => {
    expect(messages('typo', { ...base, slug: 'typo', feautres: { offers: true } })).toContain(
      '/feautres unknown key "feautres"; did you mean "features"?',
    );
  });

  it('reports a missing required key', () => {
    expect(messages('noname', { schemaVersion: 2, slug: 'noname', template: 'franchise' })).toContain(
      ' missing required key "name"',
    );
  });

  it('reports the expected and found type', () => {
    expect(messages('badtype', { ...base, slug: 'badtype', dealerships: '1' })).toContain(
      '/dealerships expected array, found text "1"',
    );
  });

  it('reports enum values with a suggestion', () => {
    expect(messages('badenum', { ...base, slug: 'badenum', theme: { font: 'intr' } })).toContain(
      '/theme/font expected one of "inter", "archivo", "source-serif", "oswald", found text "intr"; did you mean "inter"?',
    );
  });

  it('explains a pattern with the field description', () => {
    expect(messages('badcolour', { ...base, slug: 'badcolour', theme: { colors: { primary: 'blue' } } })).toContain(
      '/theme/colors/primary expected A colour as #rrggbb., found text "blue"',
    );
  });

  it('reports a bad format', () => {
    expect(
      messages('bademail', { ...base, slug: 'bademail', contact: { phone: '(02) 9000 0000', email: 'not-an-email' } }),
    ).toContain('/contact/email expected a valid email, found text "not-an-email"');
  });

  it('names an unknown block type and the nearest known one', () => {
    const result = messages('badblock', {
      ...base,
      slug: 'badblock',
      pages: { '/x': { title: 'X', blocks: [{ type: 'Heor', props: { heading: 'Hi' } }] } },
    });
    expect(result).toContain('/pages/~1x/blocks/0/type unknown block type "Heor"; did you mean "Hero"?');
  });

  it("security review: 'pricing.certifiedBadgeSrc ... //evil.example/x.svg (protocol-relative, third-party) passes' — refused with a clear message", () => {
    const refused = (src: string) =>
      messages(`badge-${src.length}`, { ...base, slug: `badge-${src.length}`, pricing: { certifiedBadgeSrc: src } });
    for (const src of ['//evil.example/x.svg', '/images/x.svg', '/media/x.svg?v=2', '/media/x.svg#a', '/media/\\x.svg'])
      expect(refused(src)).toEqual([
        `/pricing/certifiedBadgeSrc expected The badge picture on the stock cards of certified used Toyotas. It is a picture on this site, its path starting /media/ or /assets/ with no ? or #, e.g. /media/toyota-certified.svg. The site ships a plain Certified Pre-Owned badge; upload the dealer's licensed Toyota Certified Pre-Owned logo to use it instead. Its text for people who cannot see it is 'Toyota Certified Pre-Owned'., found text ${JSON.stringify(src)}`,
      ]);
    const entry = load('badge-ok', {
      ...base,
      slug: 'badge-ok',
      pricing: { certifiedBadgeSrc: '/media/toyota-certified.svg' },
    });
    expect(entry.ok).toBe(true);
  });

  it('issue 30 L5: a path that starts // or /\\ leaves the site, so no path field accepts one', () => {
    const successPath = (path: string) =>
      load(`path-${path.length}-${path.charCodeAt(1)}`, {
        ...base,
        slug: `path-${path.length}-${path.charCodeAt(1)}`,
        forms: { contact: { title: 'Contact', successPath: path, fields: [{ name: 'email', type: 'email' }] } },
      });
    for (const path of ['//evil.example/thanks', '/\\evil.example/thanks']) {
      const entry = successPath(path);
      expect(entry.ok, path).toBe(false);
      if (!entry.ok) expect(entry.issues.map((i) => i.pointer)).toContain('/forms/contact/successPath');
    }
    expect(successPath('/thanks').ok).toBe(true);
    const link = (href: string) =>
      load(`link-${href.length}`, {
        ...base,
        slug: `link-${href.length}`,
        contact: { ...base.contact, siteUrl: href },
      });
    // Issue 30 L4: the dealer's website address is a web address, never a script.
    expect(link('javascript:alert(document.domain)').ok).toBe(false);
    expect(link('https://www.example.com.au').ok).toBe(true);
  });

  it('issue 30: no development address, IP address or Studio host is a dealer domain', () => {
    for (const domain of ['southern-cross-motors.localhost', 'x.localhost', '127.0.0.1', 'studio.localhost'])
      expect(messages(`dom-${domain.length}`, { ...base, slug: `dom-${domain.length}`, domains: [domain] })).toEqual([
        expect.stringMatching(/^\/domains\/0 "[^"]+" is (a development address|an IP address|the Tenant Studio)/),
      ]);
    for (const domain of ['-x..example', 'localhost', 'https://www.example.com.au'])
      expect(messages('dom-bad', { ...base, slug: 'dom-bad', domains: [domain] })).toEqual([
        `/domains/0 expected A web address without https://, e.g. www.example.com.au: lower-case letters, digits and hyphens in parts joined by dots., found text ${JSON.stringify(domain)}`,
      ]);
  });

  it("issue 30 M1: a webhook's secret and the chat key are the site's own settings, never a platform secret", () => {
    const hook = (secretEnv: string) => ({
      ...base,
      slug: 'secret-motors',
      leadDelivery: [{ type: 'webhook', url: 'https://crm.example/leads', secretEnv }],
    });
    for (const name of [
      'AUTH_SECRET',
      'DATABASE_URL',
      'LEAD_WEBHOOK_HARBOUR_CITY_MAZDA__CRM',
      'LEAD_WEBHOOK_SECRET_MOTORS_CRM',
    ])
      expect(messages('secret-motors', hook(name)).join('\n'), name).toMatch(/^\/leadDelivery\/0\/secretEnv /);
    expect(messages('secret-motors', hook('LEAD_WEBHOOK_HARBOUR_CITY_MAZDA__CRM'))).toEqual([
      '/leadDelivery/0/secretEnv A webhook’s signing secret must be a server setting named LEAD_WEBHOOK_SECRET_MOTORS__ followed by a name of your choice in capitals, e.g. LEAD_WEBHOOK_SECRET_MOTORS__CRM; "LEAD_WEBHOOK_HARBOUR_CITY_MAZDA__CRM" is not one of this site\'s names. Ask the platform team to set the secret under that name.',
    ]);
    expect(load('secret-motors', hook('LEAD_WEBHOOK_SECRET_MOTORS__CRM')).ok).toBe(true);
    const chat = (credentialEnv: string) => ({
      ...base,
      slug: 'southern-cross',
      messaging: { enabled: true, provider: 'http', endpoint: 'https://chat.example/in', credentialEnv },
    });
    // L3: a longer site id is not a prefix of this site's names.
    expect(messages('southern-cross', chat('MESSAGING_SOUTHERN_CROSS_MOTORS__KEY'))[0]).toMatch(
      /^\/messaging\/credentialEnv The chat service’s key must be a server setting named MESSAGING_SOUTHERN_CROSS__/,
    );
    expect(load('southern-cross', chat('MESSAGING_SOUTHERN_CROSS__KEY')).ok).toBe(true);
  });

  it('reports bad block props at their pointer', () => {
    const result = messages('badprops', {
      ...base,
      slug: 'badprops',
      pages: { '/x': { title: 'X', blocks: [{ type: 'Hero', props: { headin: 'Hi' } }] } },
    });
    expect(result).toContain('/pages/~1x/blocks/0/props/headin unknown key "headin"; did you mean "heading"?');
    expect(result).toContain(
      '/pages/~1x/blocks/0/props missing required key "heading" (The large heading of the banner.)',
    );
  });

  it('reports an offer, promotion or banner whose expiry is before its start (issue 16: "an offer with expiry before start")', () => {
    const offer = { id: 'o1', title: 'Free tint', start: '2026-12-10', expiry: '2026-12-01' };
    const result = messages('baddates', { ...base, slug: 'baddates', offers: [offer] });
    expect(result).toContain(
      '/offers/0/expiry expiry 2026-12-01 is before start 2026-12-10: it would never be shown; set the expiry on or after the start',
    );
    const sameDay = { ...offer, expiry: '2026-12-10' };
    expect(load('okdates', { ...base, slug: 'okdates', offers: [sameDay] }).ok).toBe(true);
  });

  it('names an unknown feature switch', () => {
    const result = messages('badswitch', {
      ...base,
      slug: 'badswitch',
      pages: { '/x': { title: 'X', blocks: [{ type: 'ComingSoon', when: 'ofers', props: { heading: 'Soon' } }] } },
    });
    expect(result).toContain('/pages/~1x/blocks/0/when unknown feature switch "ofers"; did you mean "offers"?');
  });

  it('names an unknown form on a form block and the nearest known one', () => {
    const result = messages('badform', {
      ...base,
      slug: 'badform',
      pages: { '/x': { title: 'X', blocks: [{ type: 'EnquiryForm', props: { form: 'genral-enquiry' } }] } },
    });
    expect(result).toContain(
      '/pages/~1x/blocks/0/props/form unknown form "genral-enquiry"; did you mean "general-enquiry"?',
    );
  });

  it('reports a form field of an unknown type at its pointer', () => {
    const result = messages('badfield', {
      ...base,
      slug: 'badfield',
      forms: { 'my-form': { title: 'Mine', fields: [{ name: 'colour', type: 'colour' }] } },
    });
    expect(result.some((m) => m.startsWith('/forms/my-form/fields/0/type expected one of "text", "email"'))).toBe(true);
  });

  it('gives the line and column of broken JSON', () => {
    const result = messages('brokenjson', '{\n  "slug": "brokenjson",\n  "name": "X",,\n}');
    expect(result[0]).toMatch(/is not valid JSON at line 3, column \d+/);
  });

  it('requires the slug to match the file name', () => {
    expect(messages('filename', { ...base, slug: 'other-name' })).toContain(
      '/slug expected the file name "filename", found "other-name" (rename the file or the slug)',
    );
  });

  it('names an unknown template and dealer group', () => {
    const result = messages('badtemplate', {
      ...base,
      slug: 'badtemplate',
      template: 'franchse',
      dealershipGroup: 'nobody',
    });
    expect(result).toContain('/template unknown template "franchse"; did you mean "franchise"?');
    expect(result).toContain('/dealershipGroup unknown dealer group "nobody" (expected tenants/groups/nobody.json)');
  });

  it('formats an issue as file: pointer: message', () => {
    const entry = load('fmt', { ...base, slug: 'fmt', feautres: {} });
    expect(!entry.ok && formatIssue(entry.issues[0]!)).toMatch(
      /fmt\.json: \/feautres: unknown key "feautres"; did you mean "features"\?$/,
    );
  });
});

describe('the registry', () => {
  it('keeps serving valid tenants when one file is broken', () => {
    const extra = mkdtempSync(join(tmpdir(), 'extra-'));
    writeFileSync(
      join(extra, 'fine-motors.json'),
      JSON.stringify({ ...base, slug: 'fine-motors', domains: ['fine.example'] }),
    );
    writeFileSync(join(extra, 'broken-motors.json'), '{ "slug": ');
    const registry = loadTenantRegistry({ extraDirs: [extra] });
    expect(registry.tenants.get('fine-motors')?.ok).toBe(true);
    expect(registry.tenants.get('broken-motors')?.ok).toBe(false);
    expect(registry.domains.get('fine.example')).toBe('fine-motors');
    rmSync(extra, { recursive: true, force: true });
  });

  it('reports a domain claimed by two tenants', () => {
    const extra = mkdtempSync(join(tmpdir(), 'dup-'));
    writeFileSync(
      join(extra, 'first-motors.json'),
      JSON.stringify({ ...base, slug: 'first-motors', domains: ['same.example'] }),
    );
    writeFileSync(
      join(extra, 'second-motors.json'),
      JSON.stringify({ ...base, slug: 'second-motors', domains: ['same.example'] }),
    );
    const registry = loadTenantRegistry({ extraDirs: [extra] });
    expect(registry.domains.get('same.example')).toBe('first-motors');
    expect(registry.issues.map((i) => i.message)).toContain(
      'domain "same.example" already belongs to tenant "first-motors"; it stays with "first-motors"',
    );
    rmSync(extra, { recursive: true, force: true });
  });

  it('issue 30 H1: a domain whose www. twin another site holds stays with that site', () => {
    const extra = mkdtempSync(join(tmpdir(), 'twin-'));
    writeFileSync(
      join(extra, 'first-motors.json'),
      JSON.stringify({ ...base, slug: 'first-motors', domains: ['www.same.example'] }),
    );
    writeFileSync(
      join(extra, 'second-motors.json'),
      JSON.stringify({ ...base, slug: 'second-motors', domains: ['same.example'] }),
    );
    const registry = loadTenantRegistry({ extraDirs: [extra] });
    expect(registry.domains.get('same.example')).toBeUndefined();
    expect(registry.domains.get('www.same.example')).toBe('first-motors');
    expect(registry.issues.map((i) => i.message)).toContain(
      'domain "same.example" already belongs to tenant "first-motors"; it stays with "first-motors"',
    );
    rmSync(extra, { recursive: true, force: true });
  });
});
