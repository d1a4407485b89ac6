/**
 * The engine's checks of a tenant document edited in the Studio (issue 16, issue 30 H1), used by
 * the Studio's API before a save, publish or schedule, and by the scheduled publisher at the due
 * time (issue 33): loadTenantDocument (the checks and messages of `npm run validate`) with lines and
 * columns in the stored text, plus the web addresses other sites own.
 */
import { isPlainObject } from '../engine/merge';
import { parseJsonText } from '../engine/read-json';
import { loadTenantDocument, loadTenantRegistry, type TenantEntry } from '../engine/tenant-registry';
import { resolveHost } from '../engine/resolve-host';
import type { ValidationIssue } from '../schemas/validation-messages';
import { wwwTwin } from '../domain/site-domains';
import { previewDomain } from '../domain/studio/studio-host';
import type { Validate } from '../services/tenant-store';

/** What the engine found wrong with one entry ([] when it is served). */
const issuesOf = (entry: TenantEntry): ValidationIssue[] => (entry.ok ? [] : entry.issues);

/** How a document edited in the Studio (a draft, or one being published) is named in messages. */
export function editedLabel(slug: string): string {
  return `studio: ${slug}`;
}

/**
 * The document text as it is stored and shown in the editor's JSON tab: 2-space JSON with a final
 * newline (the store's canonical layout), so issues' lines and columns point into it.
 */
export function documentText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * A site may not take an address another site is served on (issue 30 H1): the domain itself, or
 * its www. twin, which the platform answers for the same site. The registry would give a contested
 * domain to whichever site comes first, so a site could otherwise take over another site's address
 * (and its shoppers' enquiries).
 */
function domainIssues(slug: string, file: string, entry: TenantEntry, raw: unknown): ValidationIssue[] {
  if (!entry.ok) return [];
  const registry = loadTenantRegistry();
  const slugs = new Set(registry.tenants.keys());
  const written = isPlainObject(raw) && Array.isArray(raw.domains) ? raw.domains : [];
  const issues: ValidationIssue[] = [];
  for (const domain of entry.config.domains) {
    const owner = [domain, wwwTwin(domain)]
      .map((name) => resolveHost(name, registry.domains, slugs, true, previewDomain()))
      .find((resolution) => resolution.kind === 'tenant' && resolution.slug !== slug);
    if (owner?.kind !== 'tenant') continue;
    const other = registry.tenants.get(owner.slug);
    const name = other?.ok ? other.config.name : owner.slug;
    const index = written.indexOf(domain);
    issues.push({
      file,
      pointer: index >= 0 ? `/domains/${index}` : '/domains',
      message: `"${domain}" is already a web address of ${name} (with or without www.); a site cannot take another site's address`,
    });
  }
  return issues;
}

/**
 * The engine's checks of a document edited in the Studio: loadTenantDocument (the same checks and
 * messages as `npm run validate`), with lines and columns in the document's stored text, plus the
 * domains other sites own.
 */
export function checkEditedText(slug: string, text: string, file = editedLabel(slug)): ValidationIssue[] {
  const read = parseJsonText(text, file);
  if (!read.ok) return [read.issue];
  const entry = loadTenantDocument(read.value, { slug, file, locate: read.locate, edited: true });
  const issues = issuesOf(entry);
  if (issues.length) return issues;
  const place = (issue: ValidationIssue): ValidationIssue => {
    const at = read.locate(issue.pointer);
    return at ? { ...issue, ...at } : issue;
  };
  return domainIssues(slug, file, entry, read.value).map(place);
}

/** The store's check before a publish or restore: the engine's, as checkEditedText runs it. */
export const studioValidate: Validate = (slug, document) => {
  const issues = checkEditedText(slug, documentText(document));
  return issues.length ? { ok: false, issues } : { ok: true };
};
