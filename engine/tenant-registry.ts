import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { getValidators } from '../schemas/ajv';
import { deepMerge, isPlainObject } from './merge';
import { migrate } from './migrations';
import { factsOf, formProps } from './block-facts';
import { blockFacts } from '../blocks/block-facts.generated';
import { isLayoutBlock, pageBlocks, pageKindProblems } from './page-kinds';
import { parseJsonText, readJsonFile } from './read-json';
import { publishedSnapshot, type PublishedDocument } from './published-tenants';
import { switchNames } from '../domain/switches';
import { placeIssues, toIssues, type LocatePointer, type ValidationIssue } from '../schemas/validation-messages';
import { nearest } from '../domain/nearest';
import { hostRuleRefusal } from '../domain/vehicle-photo-hosts';
import { checkRateAdvertising } from './rate-advertising-check';
import { reservedDomainRefusal, wwwTwin } from '../domain/site-domains';
import { previewDomain, studioHost } from '../domain/studio/studio-host';
import { secretNameRefusal } from '../domain/secret-names';
import type { Block, Page, ResolvedTenant } from '../schemas/types.generated';

export type TenantConfig = ResolvedTenant;

/**
 * `file` names where the document came from in messages (a path, or `database: <slug> v<n>`);
 * `versionId` is set when it is the version published in the database (issue 16).
 */
export type TenantEntry =
  | { ok: true; slug: string; file: string; versionId?: number; config: TenantConfig }
  | { ok: false; slug: string; file: string; versionId?: number; issues: ValidationIssue[] };

export interface TenantRegistry {
  tenants: ReadonlyMap<string, TenantEntry>;
  /** Production host name -> slug. */
  domains: ReadonlyMap<string, string>;
  /** Problems that are not one tenant's (duplicate domains, duplicate slugs). */
  issues: ValidationIssue[];
}

export interface RegistryOptions {
  /** Project root holding tenants/ and pages-json/ (default: the working directory). */
  root?: string;
  /** Extra tenant directories (default: TENANTS_DIR, colon-separated). */
  extraDirs?: string[];
}

function platformRoot(options?: RegistryOptions): string {
  return resolve(/*turbopackIgnore: true*/ options?.root ?? process.env.PLATFORM_ROOT ?? process.cwd());
}

/** The tenant directories in the order they are read: tenants/, then every TENANTS_DIR entry. */
export function tenantDirs(options?: RegistryOptions): string[] {
  const root = platformRoot(options);
  const extra = options?.extraDirs ?? (process.env.TENANTS_DIR ?? '').split(':').filter(Boolean);
  return [join(root, 'tenants'), ...extra.map((d) => resolve(root, d))];
}

export function listTenantFiles(options?: RegistryOptions): string[] {
  return tenantDirs(options).flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true })
          .filter((d) => d.isFile() && d.name.endsWith('.json'))
          .map((d) => join(dir, d.name))
          .sort()
      : [],
  );
}

interface Layer {
  doc?: Record<string, unknown>;
  issues: ValidationIssue[];
}

function label(root: string, path: string): string {
  const rel = relative(root, path);
  return rel.startsWith('..') ? path : rel;
}

function readLayer(root: string, path: string): Layer {
  const file = label(root, path);
  const read = readJsonFile(path, file);
  if (!read.ok) return { issues: [read.issue] };
  if (!isPlainObject(read.value)) return { issues: [{ file, pointer: '', message: 'expected a JSON object' }] };
  const { doc } = migrate(read.value);
  const validate = getValidators().tenantLayer;
  return validate(doc) ? { doc, issues: [] } : { doc, issues: toIssues(file, validate.errors, read.locate) };
}

/**
 * Templates are layers too. `pages-json/base/` holds what every template shares (the standard
 * forms, common defaults, the layout and the shared pages); `pages-json/<template>/` holds only
 * what differs. Each directory may have forms.json, defaults.json and pages.json, merged in that
 * order, and the template's directory is merged over the base the way a tenant's overrides are
 * merged over its template (objects deep-merge, arrays replace).
 */
export const BASE_TEMPLATE = 'base';
const TEMPLATE_LAYER_FILES = ['forms.json', 'defaults.json'] as const;

function readTemplateDir(root: string, name: string): Layer {
  const dir = join(root, 'pages-json', name);
  const layers = TEMPLATE_LAYER_FILES.filter((f) => existsSync(join(dir, f))).map((f) => readLayer(root, join(dir, f)));
  const issues = layers.flatMap((l) => l.issues);
  const pagesPath = join(dir, 'pages.json');
  let pagesDoc: Record<string, unknown> = {};
  if (existsSync(pagesPath)) {
    const file = label(root, pagesPath);
    const read = readJsonFile(pagesPath, file);
    if (!read.ok) return { issues: [...issues, read.issue] };
    const validate = getValidators().pages;
    if (!validate(read.value)) return { issues: [...issues, ...toIssues(file, validate.errors, read.locate)] };
    const { layout, pages } = read.value as Record<string, unknown>;
    pagesDoc = layout === undefined ? { pages } : { layout, pages };
  }
  return { doc: deepMerge(...layers.map((l) => l.doc ?? {}), pagesDoc), issues };
}

function readTemplate(root: string, name: string): Layer {
  const base = existsSync(join(root, 'pages-json', BASE_TEMPLATE))
    ? readTemplateDir(root, BASE_TEMPLATE)
    : { doc: {}, issues: [] };
  const own = readTemplateDir(root, name);
  return { doc: deepMerge(base.doc ?? {}, own.doc ?? {}), issues: [...base.issues, ...own.issues] };
}

/**
 * What a site inherits beneath its own document (the Tenant Studio shows it as "inherited"): its
 * template over the base template, then its dealer group, merged as loadTenantDocument merges
 * them, without the site's own document. Layers that cannot be read contribute nothing (their
 * problems are the site's issues, reported by loadTenantDocument).
 */
export function inheritedDocument(
  template: string | undefined,
  dealershipGroup: string | undefined,
  options?: RegistryOptions,
): Record<string, unknown> {
  const root = platformRoot(options);
  const templateDoc = template && templateNames(root).includes(template) ? readTemplate(root, template).doc : undefined;
  const groupPath = dealershipGroup ? join(root, 'tenants', 'groups', `${dealershipGroup}.json`) : undefined;
  const groupDoc = groupPath && existsSync(groupPath) ? readLayer(root, groupPath).doc : undefined;
  return deepMerge(templateDoc ?? {}, groupDoc ?? {});
}

/** The templates a tenant may name: every directory of pages-json/ with a pages.json, except the base. */
export function templateNames(root: string): string[] {
  const dir = join(root, 'pages-json');
  return existsSync(dir)
    ? readdirSync(dir).filter((n) => n !== BASE_TEMPLATE && existsSync(join(dir, n, 'pages.json')))
    : [];
}

/** Every `when` in menus, pages and blocks must name a real switch. */
function checkSwitches(file: string, config: Record<string, unknown>): ValidationIssue[] {
  const known = Object.keys((config.features as Record<string, unknown> | undefined) ?? {});
  const issues: ValidationIssue[] = [];
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${pointer}/${i}`));
    if (!isPlainObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const here = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (key === 'when' && (typeof value === 'string' || Array.isArray(value))) {
        for (const name of switchNames(value as string | string[])) {
          if (known.includes(name)) continue;
          const close = nearest(name, known);
          issues.push({
            file,
            pointer: here,
            message: `unknown feature switch "${name}"${close ? `; did you mean "${close}"?` : `; known switches: ${known.join(', ')}`}`,
          });
        }
      } else visit(value, here);
    }
  };
  for (const key of ['menus', 'layout', 'pages', 'forms'] as const) visit(config[key], `/${key}`);
  return issues;
}

/** Lists whose entries are shown from `start` to `expiry` (YYYY-MM-DD, both inclusive). */
const DATED_LISTS = ['offers', 'promotions', 'banners'] as const;

/**
 * An offer, promotion slide or banner whose expiry comes before its start would never be shown:
 * that is a mistake in the dates, reported at the expiry (the schema checks each date alone).
 */
function checkDateRanges(file: string, config: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const key of DATED_LISTS) {
    const list = config[key];
    if (!Array.isArray(list)) continue;
    list.forEach((entry: unknown, index) => {
      if (!isPlainObject(entry)) return;
      const { start, expiry } = entry;
      if (typeof start === 'string' && typeof expiry === 'string' && expiry < start)
        issues.push({
          file,
          pointer: `/${key}/${index}/expiry`,
          message: `expiry ${expiry} is before start ${start}: it would never be shown; set the expiry on or after the start`,
        });
    });
  }
  return issues;
}

/**
 * Every form a block names must be one of the tenant's forms (templates ship the standard ones).
 * Which props name forms is the block's fact `x-form-props` (its schema.json).
 */
function checkFormNames(file: string, config: Record<string, unknown>): ValidationIssue[] {
  const known = Object.keys((config.forms as Record<string, unknown> | undefined) ?? {});
  const issues: ValidationIssue[] = [];
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${pointer}/${i}`));
    if (!isPlainObject(node)) return;
    const props = node.props;
    if (typeof node.type === 'string' && isPlainObject(props))
      for (const prop of formProps(node.type)) {
        const choice = props[prop];
        const names =
          typeof choice === 'string'
            ? [choice]
            : isPlainObject(choice)
              ? Object.values(choice).filter((v): v is string => typeof v === 'string')
              : [];
        for (const name of names) {
          if (known.includes(name)) continue;
          const close = nearest(name, known);
          issues.push({
            file,
            pointer: `${pointer}/props/${prop}`,
            message: `unknown form "${name}"${close ? `; did you mean "${close}"?` : `; forms: ${known.join(', ')}`}`,
          });
        }
      }
    for (const [key, value] of Object.entries(node))
      visit(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  for (const key of ['layout', 'pages'] as const) visit(config[key], `/${key}`);
  return issues;
}

/**
 * Issue 34: every page's blocks must fit its kind (its declared `kind`, or one kind that may show
 * them all), since each kind's route renders only its own blocks; and the header and footer hold
 * only layout blocks, which every route renders. Each problem names the block, in the editor's words.
 */
function layoutTitles(): string {
  const titles = Object.keys(blockFacts)
    .filter((type) => isLayoutBlock(type))
    .map((type) => (factsOf(type)?.title ?? type).toLowerCase());
  return `${titles.slice(0, -1).join(', ')} and ${titles.at(-1) ?? ''} blocks`;
}

function checkPageKinds(file: string, config: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
  const pointers = new Map<object, string>();
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${pointer}/${i}`));
    if (!isPlainObject(node)) return;
    if (typeof node.type === 'string') pointers.set(node, pointer);
    for (const [key, value] of Object.entries(node)) visit(value, `${pointer}/${escape(key)}`);
  };
  const pages = isPlainObject(config.pages) ? config.pages : {};
  for (const [path, page] of Object.entries(pages)) {
    if (!isPlainObject(page)) continue;
    visit(page.blocks, `/pages/${escape(path)}/blocks`);
    for (const problem of pageKindProblems(page as unknown as Page))
      issues.push({ file, pointer: pointers.get(problem.block) ?? `/pages/${escape(path)}`, message: problem.message });
  }
  const layout = isPlainObject(config.layout) ? config.layout : {};
  for (const slot of ['header', 'footer'] as const) {
    const blocks = pageBlocks(Array.isArray(layout[slot]) ? (layout[slot] as Block[]) : []);
    visit(layout[slot], `/layout/${slot}`);
    for (const block of blocks)
      if (factsOf(block.type) && !isLayoutBlock(block.type))
        issues.push({
          file,
          pointer: pointers.get(block) ?? `/layout/${slot}`,
          message: `${factsOf(block.type)?.title ?? block.type} cannot go in the ${slot}: the ${slot} shows on every page, so it holds only ${layoutTitles()}. Put it on a page instead.`,
        });
  }
  return issues;
}

/**
 * A site's photo hosts must each be a host or a wildcard within one owner's domain (issue 18): the
 * schema's pattern checks the form, but not that `*.com`, `*.com.au` or `*.cloudfront.net` would
 * let the image route fetch anyone's pictures for the site (domain/vehicle-photo-hosts.ts).
 */
function checkImageHosts(file: string, config: Record<string, unknown>): ValidationIssue[] {
  const images = config.images;
  const hosts = isPlainObject(images) ? images.remoteHosts : undefined;
  if (!Array.isArray(hosts)) return [];
  return hosts.flatMap((entry: unknown, index) => {
    const refusal = typeof entry === 'string' ? hostRuleRefusal(entry) : undefined;
    return refusal ? [{ file, pointer: `/images/remoteHosts/${index}`, message: refusal }] : [];
  });
}

/**
 * Domains no site may claim (issue 30): development addresses, IP addresses, the Studio's host and
 * the platform's preview addresses. Whether another site holds a domain is the registry's and the
 * Studio's question (they know the other sites).
 */
function checkDomains(file: string, config: Record<string, unknown>): ValidationIssue[] {
  const domains = Array.isArray(config.domains) ? config.domains : [];
  const reserved = { studioHost: studioHost(), previewDomain: previewDomain() };
  return domains.flatMap((domain: unknown, index) => {
    const refusal = typeof domain === 'string' ? reservedDomainRefusal(domain, reserved) : undefined;
    return refusal ? [{ file, pointer: `/domains/${index}`, message: `${refusal}; remove it` }] : [];
  });
}

/**
 * The settings that hold a site's secrets are the site's own (issue 30, M1 and L3): a webhook's
 * signing secret is LEAD_WEBHOOK_<SITE>__…, the chat key MESSAGING_<SITE>__…, never a platform
 * secret or another site's.
 */
function checkSecretNames(file: string, slug: string, config: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const destinations = Array.isArray(config.leadDelivery) ? config.leadDelivery : [];
  destinations.forEach((destination: unknown, index) => {
    if (!isPlainObject(destination) || typeof destination.secretEnv !== 'string') return;
    const refusal = secretNameRefusal('webhook', destination.secretEnv, slug);
    if (refusal) issues.push({ file, pointer: `/leadDelivery/${index}/secretEnv`, message: refusal });
  });
  const messaging = config.messaging;
  if (isPlainObject(messaging) && typeof messaging.credentialEnv === 'string') {
    const refusal = secretNameRefusal('chat', messaging.credentialEnv, slug);
    if (refusal) issues.push({ file, pointer: '/messaging/credentialEnv', message: refusal });
  }
  return issues;
}

function dropRemovedPages(config: Record<string, unknown>): void {
  const pages = config.pages;
  if (!isPlainObject(pages)) return;
  for (const [route, page] of Object.entries(pages)) if (page === null) delete pages[route];
}

/** Where a tenant document came from, for its entry and its messages. */
export interface TenantSource {
  slug: string;
  /** Label used in messages: 'tenants/x.json', or 'database: x v12' (see publishedLabel). */
  file: string;
  /** Line and column of a pointer in the document's text, when there is one. */
  locate?: LocatePointer;
  /** The published version's id when the document comes from the database. */
  versionId?: number;
  /**
   * Set for a document edited in the Tenant Studio (a draft, or one about to be published): it has
   * no file to rename, so a wrong slug is reported as the site's, as for a published version.
   */
  edited?: boolean;
}

/** How a published version is named in messages and entries. */
export function publishedLabel(slug: string, versionId: number): string {
  return `database: ${slug} v${versionId}`;
}

/**
 * Validates one tenant document from any source (a file, a version published in the database):
 * migrate, validate the document itself, then merge template -> dealer group -> tenant and
 * validate the result with schema defaults filled in. Nothing reaches the pages unvalidated.
 */
export function loadTenantDocument(raw: unknown, source: TenantSource, options?: RegistryOptions): TenantEntry {
  const root = platformRoot(options);
  const { slug, file, locate } = source;
  const version = source.versionId === undefined ? {} : { versionId: source.versionId };
  // Problems found in the tenant's own document get its line and column.
  const fail = (issues: ValidationIssue[]): TenantEntry => ({
    ok: false,
    slug,
    file,
    ...version,
    issues: locate ? placeIssues(issues, file, locate) : issues,
  });

  if (!isPlainObject(raw)) return fail([{ file, pointer: '', message: 'expected a JSON object (a tenant document)' }]);
  const { doc } = migrate(raw);
  const validators = getValidators();
  const fileValid = validators.tenantLayer(doc);
  const issues = fileValid ? [] : toIssues(file, validators.tenantLayer.errors);
  for (const key of ['schemaVersion', 'slug', 'name', 'template'] as const) {
    if (doc[key] === undefined) issues.push({ file, pointer: '', message: `missing required key "${key}"` });
  }
  if (typeof doc.slug === 'string' && doc.slug !== slug) {
    issues.push({
      file,
      pointer: '/slug',
      message:
        source.versionId === undefined && !source.edited
          ? `expected the file name "${slug}", found "${doc.slug}" (rename the file or the slug)`
          : `expected the site's slug "${slug}", found "${doc.slug}" (a published version cannot rename its site)`,
    });
  }
  let template: Layer = { issues: [] };
  if (typeof doc.template === 'string') {
    const names = templateNames(root);
    if (names.includes(doc.template)) template = readTemplate(root, doc.template);
    else
      issues.push({
        file,
        pointer: '/template',
        message: `unknown template "${doc.template}"${nearest(doc.template, names) ? `; did you mean "${nearest(doc.template, names)}"?` : `; templates: ${names.join(', ')}`}`,
      });
  }
  let group: Layer = { issues: [] };
  if (typeof doc.dealershipGroup === 'string') {
    const groupPath = join(root, 'tenants', 'groups', `${doc.dealershipGroup}.json`);
    if (existsSync(groupPath)) group = readLayer(root, groupPath);
    else
      issues.push({
        file,
        pointer: '/dealershipGroup',
        message: `unknown dealer group "${doc.dealershipGroup}" (expected tenants/groups/${doc.dealershipGroup}.json)`,
      });
  }
  issues.push(...template.issues, ...group.issues);
  if (issues.length) return fail(issues);

  const merged = deepMerge(template.doc, group.doc, doc);
  dropRemovedPages(merged);
  if (!validators.tenant(merged))
    return fail(toIssues(`${file} (merged with its template and group)`, validators.tenant.errors));
  const switchIssues = [
    ...checkSwitches(file, merged),
    ...checkFormNames(file, merged),
    ...checkPageKinds(file, merged),
    ...checkDateRanges(file, merged),
    ...checkImageHosts(file, merged),
    ...checkRateAdvertising(file, merged),
    ...checkDomains(file, merged),
    ...checkSecretNames(file, slug, merged),
  ];
  if (switchIssues.length) return fail(switchIssues);
  return { ok: true, slug, file, ...version, config: merged as unknown as TenantConfig };
}

/** Loads one tenant file: read it, then validate and merge it (loadTenantDocument). */
export function loadTenantFile(path: string, options?: RegistryOptions): TenantEntry {
  const file = label(platformRoot(options), path);
  const slug = basename(path, '.json');
  const read = readJsonFile(path, file);
  if (!read.ok) return { ok: false, slug, file, issues: [read.issue] };
  return loadTenantDocument(read.value, { slug, file, locate: read.locate }, options);
}

/** Loads the version of a site published in the database; it is validated exactly like a file. */
export function loadPublishedTenant(
  slug: string,
  published: PublishedDocument,
  options?: RegistryOptions,
): TenantEntry {
  const { versionId } = published;
  const file = publishedLabel(slug, versionId);
  const read = parseJsonText(published.document, file);
  if (!read.ok) return { ok: false, slug, file, versionId, issues: [read.issue] };
  return loadTenantDocument(read.value, { slug, file, locate: read.locate, versionId }, options);
}

function fingerprint(root: string, files: string[]): string {
  const watched = [...files, join(root, 'pages-json'), join(root, 'tenants', 'groups')];
  for (const name of [BASE_TEMPLATE, ...templateNames(root)]) {
    watched.push(join(root, 'pages-json', name));
    for (const file of [...TEMPLATE_LAYER_FILES, 'pages.json']) watched.push(join(root, 'pages-json', name, file));
  }
  const groups = join(root, 'tenants', 'groups');
  if (existsSync(groups)) for (const name of readdirSync(groups)) watched.push(join(groups, name));
  return watched
    .map((p) => {
      const stat = statSync(p, { throwIfNoEntry: false });
      return stat ? `${p}:${stat.mtimeMs}:${stat.size}` : `${p}:-`;
    })
    .join('|');
}

const ownerOther = (owner: string | undefined, slug: string) => (owner === slug ? undefined : owner);

// Config files and published versions change rarely: keep the last result for as long as no
// watched file changed and no new snapshot of published versions arrived.
let cached: { key: string; registry: TenantRegistry } | undefined;

/**
 * Loads every tenant; a broken tenant is an entry with issues and never affects the others. A site
 * with a version published in the database is served from it instead of its file, and a site only
 * in the database is a site too (engine/published-tenants.ts; DESIGN.md "Where tenant documents live").
 */
export function loadTenantRegistry(options?: RegistryOptions): TenantRegistry {
  const root = platformRoot(options);
  const files = listTenantFiles(options);
  const snapshot = publishedSnapshot();
  const key = `${root}#${fingerprint(root, files)}#${snapshot.generation}:${snapshot.stamp}`;
  if (cached?.key === key) return cached.registry;

  const tenants = new Map<string, TenantEntry>();
  const domains = new Map<string, string>();
  const issues: ValidationIssue[] = [];
  const published = snapshot.tenants;
  const fileSlugs = new Set(files.map((path) => basename(path, '.json')));
  // A site only in the database comes after the files, in slug order, so domain ownership is stable.
  const sources: Array<{ slug: string; path?: string }> = [
    ...files.map((path) => ({ slug: basename(path, '.json'), path })),
    ...[...published.keys()]
      .filter((slug) => !fileSlugs.has(slug))
      .sort()
      .map((slug) => ({ slug })),
  ];
  for (const { slug, path } of sources) {
    const existing = tenants.get(slug);
    if (existing) {
      issues.push({
        file: path === undefined ? slug : label(root, path),
        pointer: '/slug',
        message: `slug "${slug}" is already used by ${existing.file}; this file is ignored`,
      });
      continue;
    }
    // The version published in the database wins over the file.
    const version = published.get(slug);
    const entry = version
      ? loadPublishedTenant(slug, version, options)
      : path === undefined
        ? undefined
        : loadTenantFile(path, options);
    if (!entry) continue;
    tenants.set(entry.slug, entry);
    if (!entry.ok) continue;
    for (const domain of entry.config.domains) {
      // A domain is a site's with its www. twin (resolveHost answers both): a twin another site
      // holds is that site's too (issue 30 H1).
      const owner = domains.get(domain) ?? ownerOther(domains.get(wwwTwin(domain)), entry.slug);
      if (owner)
        issues.push({
          file: entry.file,
          pointer: '/domains',
          message: `domain "${domain}" already belongs to tenant "${owner}"; it stays with "${owner}"`,
        });
      else domains.set(domain, entry.slug);
    }
  }
  const registry: TenantRegistry = { tenants, domains, issues };
  cached = { key, registry };
  return registry;
}
