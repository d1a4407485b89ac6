/**
 * What the Studio's editor opens with (issue 16, server only): the document to edit (the draft,
 * else the published version, else the file), the version it is based on, its issues, what the
 * site inherits from its template and group, and where and how its live preview is framed.
 */
import { localhostTenantsAllowed } from '../../domain/host-name';
import { inheritedDocument, loadTenantDocument } from '../../engine/tenant-registry';
import { previewDomain } from '../../domain/studio/studio-host';
import { canChangeAdminFields, type StaffAccess } from '../../domain/studio/roles';
import { isPlainObject } from '../../engine/merge';
import { createPreviewToken, previewKey } from '../../services/preview-token';
import { getTenantStore, type TenantVersion } from '../../services/tenant-store';
import {
  checkEditedText,
  checkFile,
  checkPublished,
  documentValue,
  fileText,
  groupOf,
  roleIssues,
  type EditableSite,
} from '../site-documents';
import type { EditorIssue, JsonObject } from './editor-types';

export interface EditorData {
  slug: string;
  siteName: string;
  document: JsonObject;
  /** Where the opened document came from. */
  source: 'draft' | 'published' | 'file';
  /** The published version the editing started from (null: the site has none yet). */
  baseVersionId: number | null;
  publishedVersionId: number | null;
  published: { by: string; at: string } | null;
  draft: { versionId: number; by: string; at: string } | null;
  issues: EditorIssue[];
  /** The template and dealer group beneath the site's document, merged. */
  inherited: JsonObject;
  /** The origin the preview frame loads from (a preview address of the platform's), or null when this server has none. */
  previewOrigin: string | null;
  previewToken: string;
  /** What the preview token shows (issue 32): the draft, or the last complete draft while it is incomplete. */
  previewShowing: PreviewShowing;
  /** The fields only an admin may change are shown read-only (issue 30): the staff member is not an admin. */
  adminFieldsLocked: boolean;
}

const issueOut = (issue: EditorIssue): EditorIssue => ({
  pointer: issue.pointer,
  message: issue.message,
  ...(issue.line !== undefined ? { line: issue.line } : {}),
  ...(issue.column !== undefined ? { column: issue.column } : {}),
});

/** A preview token for a version of the site (0: what it serves now), new for every save. */
export function previewTokenFor(
  slug: string,
  versionId: number,
  options: { snapshot?: boolean; at?: Date } = {},
): string {
  return createPreviewToken(
    {
      slug,
      versionId,
      sequence: Date.now(),
      ...(options.snapshot ? { snapshot: true } : {}),
      ...(options.at ? { at: Math.floor(options.at.getTime() / 1000) } : {}),
    },
    previewKey(),
  );
}

/**
 * What the Studio's preview shows (issue 32): the draft when it can be shown; while it is incomplete
 * or invalid (right after "Add", a block has no text yet), the site's last complete draft; else
 * what the site serves now. Never a page of errors: the editor shows the problems at their fields.
 * `version`: an earlier version from the History tab, looked at before it is restored.
 */
export type PreviewShowing = 'draft' | 'last-complete' | 'published' | 'version';

/** A version the History tab shows in the preview instead of the draft, as its list names it. */
export interface PreviewedVersion {
  id: number;
  createdAt: string;
  author: string;
  message: string;
  /** A scheduled publish's frozen version (issue 33): when it goes live, in words. */
  scheduledFor?: string;
}

/** The preview of one stored version of the site (History's "Preview version N", issue 32). */
export interface VersionPreview {
  token: string;
  showing: 'version';
  versionId: number;
}

/**
 * A preview token for a stored version of the site (the caller has checked it is this site's): the
 * preview renders any version its token names, so looking at one before restoring it needs no
 * snapshot. "Preview as of" applies to it as to the draft.
 */
export function previewOfVersion(slug: string, versionId: number, at?: Date): VersionPreview {
  return { token: previewTokenFor(slug, versionId, at ? { at } : {}), showing: 'version', versionId };
}

/** The draft loads exactly as the preview would load it. */
function previewable(slug: string, text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return false;
  }
  return loadTenantDocument(value, { slug, file: `studio preview: ${slug}`, edited: true }).ok;
}

/**
 * The preview token for the site's current draft, and what it shows. A draft that loads becomes the
 * site's preview snapshot (the last complete draft); one that does not is shown as that snapshot,
 * unless the site was published since it was kept (then what the site serves now).
 */
export async function previewOfDraft(
  slug: string,
  draft: TenantVersion | undefined,
  at?: Date,
): Promise<{ token: string; showing: PreviewShowing }> {
  const store = getTenantStore();
  const when = at ? { at } : {};
  if (!draft) return { token: previewTokenFor(slug, 0, when), showing: 'published' };
  if (previewable(slug, draft.document)) {
    await store.keepPreviewSnapshot(slug, draft.document);
    return { token: previewTokenFor(slug, draft.id, when), showing: 'draft' };
  }
  const [snapshot, published] = await Promise.all([store.previewSnapshot(slug), store.published(slug)]);
  if (snapshot && (!published || snapshot.savedAt >= published.createdAt))
    return { token: previewTokenFor(slug, draft.id, { ...when, snapshot: true }), showing: 'last-complete' };
  return { token: previewTokenFor(slug, 0, when), showing: 'published' };
}

/** Latest "Preview as of" moment the Studio accepts: ten years ahead. */
const PREVIEW_AT_LIMIT_MS = 10 * 366 * 24 * 3600 * 1000;

/**
 * The "Preview as of" moment a request names (`at`: an ISO date and time), or undefined for now;
 * null when it is not a date the preview can show (the caller answers 400 with a sentence).
 */
export function previewAtOf(value: unknown, now = new Date()): Date | undefined | null {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 40) return null;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms) || ms < 0 || ms > now.getTime() + PREVIEW_AT_LIMIT_MS) return null;
  return new Date(ms);
}

/**
 * The origin a site's preview is framed from (issue 30 L2): an address the platform controls, never
 * a domain the site's document names (an editor could point that at a server of theirs, which would
 * then receive the preview token and show its own content inside the Studio). That is the site's
 * development address (`<slug>.localhost` on the Studio's port) where such addresses are served,
 * else `https://<slug>.<PREVIEW_DOMAIN>`; null when the server has neither.
 */
export function previewOrigin(slug: string, studioHostHeader: string | null): string | null {
  if (localhostTenantsAllowed()) {
    const port = /:(\d{1,5})$/.exec(studioHostHeader?.trim() ?? '')?.[1];
    return `http://${slug}.localhost${port ? `:${port}` : ''}`;
  }
  const parent = previewDomain();
  return parent ? `https://${slug}.${parent}` : null;
}

const asObject = (value: unknown): JsonObject => (isPlainObject(value) ? value : {});

export async function editorData(
  site: EditableSite,
  staff: StaffAccess,
  studioHostHeader: string | null,
): Promise<EditorData> {
  const draft: TenantVersion | undefined = await getTenantStore().draft(site.slug);
  const { published, filePath } = site;
  const text = draft?.document ?? published?.document ?? (filePath ? fileText(filePath) : undefined) ?? '{}';
  const document = asObject(documentValue(text));
  const issues = draft
    ? [
        ...checkEditedText(site.slug, draft.document),
        ...(await roleIssues(staff, site, draft.document, draft.parentId)),
      ]
    : published
      ? checkPublished(site.slug, published)
      : filePath
        ? checkFile(filePath)
        : [];
  const template = typeof document.template === 'string' ? document.template : undefined;
  const preview = await previewOfDraft(site.slug, draft);
  return {
    slug: site.slug,
    siteName: site.name,
    document,
    source: draft ? 'draft' : published ? 'published' : 'file',
    baseVersionId: draft ? draft.parentId : (published?.id ?? null),
    publishedVersionId: published?.id ?? null,
    published: published ? { by: published.author, at: published.createdAt } : null,
    draft: draft ? { versionId: draft.id, by: draft.author, at: draft.createdAt } : null,
    issues: issues.map(issueOut),
    inherited: inheritedDocument(template, groupOf(document)),
    previewOrigin: previewOrigin(site.slug, studioHostHeader),
    previewToken: preview.token,
    previewShowing: preview.showing,
    adminFieldsLocked: !canChangeAdminFields(staff),
  };
}
