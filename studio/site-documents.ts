/**
 * A site's tenant document as the Studio edits it (issue 16, server only): which site a slug names
 * and its dealer group (what the role checks need), where its document comes from (the version
 * published in the database, else its file), and the engine's checks of a document, with the
 * messages `npm run validate` prints.
 */
import { readFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { isPlainObject } from '../engine/merge';
import {
  listTenantFiles,
  loadPublishedTenant,
  loadTenantFile,
  loadTenantRegistry,
  inheritedDocument,
  type TenantEntry,
} from '../engine/tenant-registry';
import { siteTimeZoneOf } from '../domain/studio/scheduled-publish';
import type { ValidationIssue } from '../schemas/validation-messages';
import { adminFieldChanges, adminOnlyFields, type AdminFieldChange } from '../domain/studio/admin-fields';
import { canChangeAdminFields, type StaffAccess } from '../domain/studio/roles';
import tenantSchema from '../schemas/tenant.schema.json';
import { getTenantStore, type TenantVersion } from '../services/tenant-store';
import { editedLabel } from '../server/edited-tenant';

/** A site the Studio can open: known to the registry, published in the database, or a tenant file. */
export interface EditableSite {
  slug: string;
  name: string;
  /** The dealer group of the site's current document (published version, else file). */
  dealershipGroup?: string;
  /** The version published in the database, when there is one. */
  published?: TenantVersion;
  /** The site's tenant file (absolute path), when it has one. */
  filePath?: string;
}

/** Longer than any slug (63 characters): such a name is not looked up at all. */
const MAX_SLUG_CHARS = 100;

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

const stringField = (doc: unknown, key: string): string | undefined =>
  isPlainObject(doc) && typeof doc[key] === 'string' ? doc[key] : undefined;

/**
 * The site a slug names, or undefined when nothing does. Its group comes from the version
 * published in the database (the newest word, even before this process's snapshot has it), else
 * from the registry, else from the file as written (a site whose document does not validate still
 * belongs to its group).
 */
export async function findEditableSite(slug: string): Promise<EditableSite | undefined> {
  if (!slug || slug.length > MAX_SLUG_CHARS) return undefined;
  const entry = loadTenantRegistry().tenants.get(slug);
  const published = await getTenantStore().published(slug);
  const filePath = listTenantFiles().find((path) => basename(path, '.json') === slug);
  if (!entry && !published && !filePath) return undefined;
  const current = published
    ? parsed(published.document)
    : entry?.ok
      ? entry.config
      : filePath && parsed(readText(filePath) ?? '');
  const name = (entry?.ok ? entry.config.name : stringField(current, 'name')) ?? slug;
  const dealershipGroup = stringField(current, 'dealershipGroup');
  return {
    slug,
    name,
    ...(dealershipGroup ? { dealershipGroup } : {}),
    ...(published ? { published } : {}),
    ...(filePath ? { filePath } : {}),
  };
}

/** How a tenant file is named in messages: relative to the project root, as `npm run validate` names it. */
export function fileLabel(path: string): string {
  const rel = relative(resolve(/*turbopackIgnore: true*/ process.env.PLATFORM_ROOT ?? process.cwd()), path);
  return rel.startsWith('..') ? path : rel;
}

/** What the engine found wrong with one entry ([] when it is served). */
const issuesOf = (entry: TenantEntry): ValidationIssue[] => (entry.ok ? [] : entry.issues);

// The checks of an edited document live with the server (the scheduled publisher runs them too).
export { checkEditedText, documentText, editedLabel, studioValidate } from '../server/edited-tenant';

/** The issues of the version published in the database, as the engine reports them when serving it. */
export function checkPublished(slug: string, version: TenantVersion): ValidationIssue[] {
  return issuesOf(loadPublishedTenant(slug, { versionId: version.id, document: version.document }));
}

/** The issues of a tenant file, exactly as `npm run validate` reports them. */
export function checkFile(path: string): ValidationIssue[] {
  return issuesOf(loadTenantFile(path));
}

/** A document's JSON text parsed, or null when it is not JSON (its issues say where). */
export function documentValue(text: string): unknown {
  return parsed(text) ?? null;
}

/** The file's text, or undefined when it cannot be read. */
export function fileText(path: string): string | undefined {
  return readText(path);
}

/** The site's time zone, from a document of it: its own, else its template's or dealer group's (issue 33). */
export function siteTimeZone(document: unknown): string {
  const layer = isPlainObject(document)
    ? inheritedDocument(typeof document.template === 'string' ? document.template : undefined, groupOf(document))
    : undefined;
  return siteTimeZoneOf(document, layer);
}

/** The dealer group a document names (undefined for none). */
export function groupOf(document: unknown): string | undefined {
  return stringField(document, 'dealershipGroup');
}

/** The fields only an admin may change (issue 30), as the tenant schema marks them. */
export const ADMIN_FIELDS = adminOnlyFields(tenantSchema);

/**
 * The document an edit started from: the published version `baseVersionId` names, else (null) the
 * site's file as written. A publish from a base that is no longer what the site serves is refused as
 * a conflict by the store, so at a publish this is what the site serves.
 */
async function baseDocument(site: EditableSite, baseVersionId: number | null): Promise<unknown> {
  if (baseVersionId !== null) {
    const version =
      site.published?.id === baseVersionId ? site.published : await getTenantStore().version(baseVersionId);
    return version && version.slug === site.slug ? documentValue(version.document) : null;
  }
  return site.filePath ? documentValue(fileText(site.filePath) ?? '') : null;
}

/**
 * The admin-only fields a document changes from the one its edit started from, when the staff
 * member may not change them (none for an admin; issue 30). `document` is a value or its JSON text.
 */
export async function roleChanges(
  staff: StaffAccess,
  site: EditableSite,
  document: unknown,
  baseVersionId: number | null,
): Promise<AdminFieldChange[]> {
  if (canChangeAdminFields(staff)) return [];
  const value = typeof document === 'string' ? documentValue(document) : document;
  return adminFieldChanges(ADMIN_FIELDS, await baseDocument(site, baseVersionId), value);
}

/** roleChanges as issues at their fields, beside the engine's (a draft that has them cannot be published by this person). */
export async function roleIssues(
  staff: StaffAccess,
  site: EditableSite,
  document: unknown,
  baseVersionId: number | null,
): Promise<ValidationIssue[]> {
  const changes = await roleChanges(staff, site, document, baseVersionId);
  return changes.map(({ pointer, message }) => ({ file: editedLabel(site.slug), pointer, message }));
}
