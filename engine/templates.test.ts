// Issue 15: one base template. pages-json/base/ holds what every template shares; franchise and
// group hold only what differs, and every layer file says its schemaVersion and layer schema.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE_TEMPLATE, loadTenantFile, templateNames } from './tenant-registry';

const root = process.cwd();
const readJson = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;
const pagesOf = (template: string): Record<string, unknown> =>
  (readJson(`pages-json/${template}/pages.json`).pages ?? {}) as Record<string, unknown>;

describe('the shipped templates', () => {
  const templates = templateNames(root);

  it('offers every template but the base', () => {
    expect(templates.sort()).toEqual(['franchise', 'group']);
    expect(templates).not.toContain(BASE_TEMPLATE);
  });

  it('define no page twice: a route lives in the base or in the templates that differ, never both', () => {
    const base = pagesOf(BASE_TEMPLATE);
    for (const template of templates) {
      for (const route of Object.keys(pagesOf(template)))
        expect(base, `${template} ${route}`).not.toHaveProperty(route);
    }
  });

  it('hold no page that is byte-identical in two templates (it belongs in the base)', () => {
    const [a = '', b = ''] = templates;
    const first = pagesOf(a);
    const second = pagesOf(b);
    for (const [route, page] of Object.entries(first)) {
      if (route in second) expect(JSON.stringify(second[route]), route).not.toBe(JSON.stringify(page));
    }
  });

  it('mark every layer file with its schemaVersion and the layer schema', () => {
    const layers = [
      ...readdirSync(join(root, 'pages-json'), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .flatMap((d) =>
          ['defaults.json', 'forms.json']
            .map((f) => `pages-json/${d.name}/${f}`)
            .filter((p) => existsSync(join(root, p))),
        ),
      ...readdirSync(join(root, 'tenants', 'groups')).map((f) => `tenants/groups/${f}`),
    ];
    expect(layers.length).toBeGreaterThanOrEqual(5);
    for (const path of layers) {
      const doc = readJson(path);
      expect(typeof doc.schemaVersion, path).toBe('number');
      expect(String(doc.$schema), path).toMatch(/schemas\/tenant-layer\.schema\.json$/);
    }
  });
});

describe('layering a template over the base', () => {
  const dir = mkdtempSync(join(tmpdir(), 'templates-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, doc: unknown): void => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), JSON.stringify(doc));
  };
  const page = (heading: string) => ({
    title: heading,
    blocks: [{ type: 'RichText', props: { html: `<p>${heading}</p>` } }],
  });
  write('pages-json/base/pages.json', {
    schemaVersion: 1,
    pages: { '/': page('Base home'), '/about-us': page('About') },
  });
  write('pages-json/base/defaults.json', { schemaVersion: 3, features: { offers: true } });
  write('pages-json/plain/pages.json', { schemaVersion: 1, pages: {} });
  write('pages-json/own-home/pages.json', { schemaVersion: 1, pages: { '/': page('Own home') } });
  write('pages-json/own-home/defaults.json', { schemaVersion: 3, features: { offers: false } });
  const tenant = (slug: string, template: string, extra: Record<string, unknown> = {}) => {
    write(`tenants/${slug}.json`, { schemaVersion: 3, slug, name: slug, template, ...extra });
    return loadTenantFile(join(dir, 'tenants', `${slug}.json`), { root: dir, extraDirs: [] });
  };

  it('gives a template the base pages and defaults it does not change', () => {
    const entry = tenant('a', 'plain');
    expect(entry.ok).toBe(true);
    if (!entry.ok) return;
    expect(Object.keys(entry.config.pages ?? {}).sort()).toEqual(['/', '/about-us']);
    expect(entry.config.pages?.['/']?.title).toBe('Base home');
    expect(entry.config.features.offers).toBe(true);
  });

  it("lets a template's own page and defaults win over the base, and a tenant's over both", () => {
    const own = tenant('b', 'own-home');
    expect(own.ok && own.config.pages?.['/']?.title).toBe('Own home');
    expect(own.ok && own.config.features.offers).toBe(false);
    const overridden = tenant('c', 'own-home', { pages: { '/': page('Tenant home'), '/about-us': null } });
    expect(overridden.ok && overridden.config.pages?.['/']?.title).toBe('Tenant home');
    expect(overridden.ok && Object.keys(overridden.config.pages ?? {})).not.toContain('/about-us');
  });

  it('does not offer the base as a template of its own', () => {
    const entry = tenant('d', BASE_TEMPLATE);
    expect(entry.ok).toBe(false);
    if (!entry.ok) expect(entry.issues.map((i) => i.message).join('\n')).toMatch(/unknown template "base"/);
  });
});
