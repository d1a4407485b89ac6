/**
 * The Studio's document API over the tenant store (issue 16): what the editor reads and writes.
 * Every call is checked on the server first (studio-call.ts: 404 off the Studio host or for an
 * unknown site, 405, 403 from another site's page, 401 signed out, 403 outside the grant).
 *
 *   GET  /api/studio/sites/<slug>/document      published version (else the file), draft, issues
 *   PUT  /api/studio/sites/<slug>/draft         autosave { document, baseVersionId, previewAt? }
 *   DELETE /api/studio/sites/<slug>/draft       discard the draft: the published version, issues, preview
 *   POST /api/studio/sites/<slug>/publish       { document, baseVersionId, message }: 200, 409, 422
 *   GET  /api/studio/sites/<slug>/history       versions newest first, without documents
 *   GET  /api/studio/sites/<slug>/preview-token a fresh token for the editor's preview frame (?at=: as of then;
 *                                               ?version=<id>: that version of the site, before a restore)
 *   GET  /api/studio/sites/<slug>/diff?from=&to= field changes between two versions of the site
 *   POST /api/studio/sites/<slug>/restore       { versionId, baseVersionId }: 200, 404, 409, 422
 *
 * Documents are validated by the engine (loadTenantDocument: the checks and messages of `npm run
 * validate`); issues carry line and column in the document as stored: 2-space JSON, which is what
 * the editor's JSON tab shows. The author of every version is the staff member's e-mail address.
 */
import { answer } from '../../server/http/api-request';
import { refreshPublishedTenants } from '../../server/background/tenant-sync';
import { describeChange, diffDocuments, type FieldChange } from '../../domain/tenant-diff';
import { describeEdits } from '../../domain/studio/change-story';
import { timeWords } from '../../domain/studio/scheduled-publish';
import { SECTIONS } from '../editor/sections';
import { isPlainObject } from '../../engine/merge';
import { plainIssues } from '../../domain/studio/plain-issues';
import { inheritedDocument } from '../../engine/tenant-registry';
import type { StaffSession } from '../../services/staff-auth/staff-session';
import {
  AUDIT_ACTIONS,
  getTenantStore,
  type DocumentIssue,
  type PublishResult,
  type TenantVersion,
  type VersionSummary,
} from '../../services/tenant-store';
import {
  checkEditedText,
  checkFile,
  checkPublished,
  documentText,
  documentValue,
  fileLabel,
  fileText,
  groupOf,
  roleChanges,
  roleIssues,
  siteTimeZone,
  studioValidate,
  type EditableSite,
} from '../site-documents';
import { objectBody, Refusal, siteCaller, studioCall, wholeNumberOf } from './studio-call';
import { previewAtOf, previewOfDraft, previewOfVersion } from '../editor/editor-data';

/** The audit log's action for a draft started in the Studio. */
export const DRAFT_AUDIT_ACTION = 'tenant.draft';

/** The longest publish message: one line in the history. */
export const MAX_PUBLISH_MESSAGE_CHARS = 200;

/** One validation issue as the editor shows it: where (pointer, and line and column when known) and what. */
export interface IssueOut {
  file?: string;
  pointer: string;
  message: string;
  line?: number;
  column?: number;
}

/** The store's issues are the engine's (with file, line and column) or the store's own (pointer and message). */
export function issueOut(issue: DocumentIssue): IssueOut {
  const out: IssueOut = { pointer: issue.pointer, message: issue.message };
  if ('file' in issue && typeof issue.file === 'string') out.file = issue.file;
  if ('line' in issue && typeof issue.line === 'number') out.line = issue.line;
  if ('column' in issue && typeof issue.column === 'number') out.column = issue.column;
  return out;
}

const changeOut = (change: FieldChange) => ({ ...change, description: describeChange(change) });

const summary = (v: VersionSummary | TenantVersion) => ({
  id: v.id,
  state: v.state,
  author: v.author,
  message: v.message,
  createdAt: v.createdAt,
  parentId: v.parentId,
});

const draftOut = (draft: TenantVersion) => ({
  versionId: draft.id,
  baseVersionId: draft.parentId,
  author: draft.author,
  savedAt: draft.createdAt,
});

const problems = (n: number) => (n === 1 ? '1 problem' : `${n} problems`);

export function documentField(body: Record<string, unknown>): Record<string, unknown> {
  const { document } = body;
  if (!isPlainObject(document)) throw new Refusal(400, 'Send the tenant document as a JSON object in "document".');
  return document;
}

/**
 * The published version the editor started from: null for a site with none yet, else a version
 * published for this very site (a version of another site would put its contents in a conflict's
 * changes).
 */
export async function baseVersionOf(body: Record<string, unknown>, site: EditableSite): Promise<number | null> {
  const value = body.baseVersionId;
  if (value === null) return null;
  const id = typeof value === 'number' ? wholeNumberOf(value) : undefined;
  if (id === undefined)
    throw new Refusal(
      400,
      'Send "baseVersionId": the id of the published version you started from, or null when the site had none.',
    );
  const version = await getTenantStore().version(id);
  if (!version || version.slug !== site.slug || version.state !== 'published')
    throw new Refusal(
      400,
      `Version ${id} is not a published version of ${site.name}: reload the site and make the change again.`,
    );
  return id;
}

export function messageOf(body: Record<string, unknown>): string {
  const message = typeof body.message === 'string' ? body.message.trim() : '';
  if (!message || message.length > MAX_PUBLISH_MESSAGE_CHARS)
    throw new Refusal(
      400,
      `Say what changed in "message" (1 to ${MAX_PUBLISH_MESSAGE_CHARS} characters); it is shown in the history.`,
    );
  return message;
}

/**
 * A group or site editor may publish only a document that keeps every admin-only field (its web
 * addresses, dealer group, dealerships, lead and chat destinations and their secrets; issue 30) as
 * the site has it now. Whoever sends it: the editor shows these fields read-only, and this is the
 * check that counts.
 */
export async function keepsAdminFields(
  staff: StaffSession,
  site: EditableSite,
  document: unknown,
  baseVersionId: number | null,
): Promise<void> {
  const changes = await roleChanges(staff, site, document, baseVersionId);
  if (!changes.length) return;
  // An attempt on another site's address, stock or customers is worth an admin's eye.
  await getTenantStore().audit({
    actor: staff.user.email,
    action: AUDIT_ACTIONS.refused,
    slug: site.slug,
    detail: { reason: 'admin-only', fields: changes.map((change) => change.title), baseVersionId },
  });
  const titles = changes.map((change) => `“${change.title}”`);
  const named = titles.length === 1 ? titles[0] : `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
  throw new Refusal(
    403,
    `Nothing was published: only a platform admin can change ${named} of ${site.name}. Put ${changes.length === 1 ? 'it' : 'them'} back as ${changes.length === 1 ? 'it was' : 'they were'}, or ask an admin to make the change.`,
    { issues: changes.map(({ pointer, message }) => ({ pointer, message })) },
  );
}

/** The draft a refused publish kept, when it is the caller's (the editor carries on from it). */
async function keptDraft(slug: string, author: string) {
  const draft = await getTenantStore().draft(slug);
  return draft && draft.author === author ? draftOut(draft) : null;
}

/** The answer to a publish or a restore: 200 with the version, 422 with the issues, 409 with what changed. */
export async function publishAnswer(
  result: PublishResult,
  input: { site: EditableSite; author: string; baseVersionId: number | null; keepsDraft: boolean },
): Promise<Response> {
  const { site, author } = input;
  if (result.ok) {
    // The sync would see it within a second; this process serves it from the publisher's next view.
    await refreshPublishedTenants();
    return answer(200, { version: summary(result.version) });
  }
  const draft = input.keepsDraft ? await keptDraft(site.slug, author) : null;
  const kept = draft ? ' Your document is kept as a draft.' : '';
  if (result.reason === 'invalid')
    return answer(422, {
      // Counted as the editor lists them (a value that fits no form is told once, by its precise problem).
      message: `The document has ${problems(plainIssues(result.issues).length)}; nothing was published.${kept}`,
      issues: result.issues.map(issueOut),
      draft,
    });
  const { current } = result;
  // Started from the file (no published version yet): what changed is measured from the file, not from nothing.
  const fileDocument =
    input.baseVersionId === null && site.filePath ? documentValue(fileText(site.filePath) ?? '') : null;
  const changes = fileDocument ? diffDocuments(fileDocument, documentValue(current.document)) : result.changes;
  // Issue 32: their changes told in words, as History tells them (the pointer rows stay for the CLI).
  const baseText =
    input.baseVersionId === null ? undefined : (await getTenantStore().version(input.baseVersionId))?.document;
  const before = fileDocument ?? (baseText === undefined ? null : documentValue(baseText));
  const entries = before === null ? [] : storyOf(before, documentValue(current.document));
  return answer(409, {
    message: `${current.author} published version ${current.id} after you started editing; nothing was published.${kept} Review their changes, then publish again from version ${current.id}.`,
    current: {
      versionId: current.id,
      author: current.author,
      publishedAt: current.createdAt,
      message: current.message,
    },
    changes: changes.map(changeOut),
    entries,
    draft,
  });
}

/** GET: the published version (else the file, as written), the draft, and the issues of what the editor opens. */
export function handleDocument(request: Request, slug: string): Promise<Response> {
  return studioCall(async () => {
    const { staff, site } = await siteCaller(request, slug, 'GET');
    const draft = await getTenantStore().draft(site.slug);
    const { published, filePath } = site;
    const issuesOf = draft ? 'draft' : published ? 'published' : 'file';
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
    return answer(200, {
      site: { slug: site.slug, name: site.name, dealershipGroup: site.dealershipGroup ?? null },
      source: published ? 'database' : 'file',
      published: published
        ? {
            versionId: published.id,
            document: documentValue(published.document),
            publishedAt: published.createdAt,
            publishedBy: published.author,
          }
        : null,
      file:
        !published && filePath
          ? { path: fileLabel(filePath), document: documentValue(fileText(filePath) ?? '') }
          : null,
      draft: draft ? { ...draftOut(draft), document: documentValue(draft.document) } : null,
      issuesOf,
      issues: issues.map(issueOut),
    });
  });
}

/** The audit log's action for a draft discarded in the Studio (issue 32). */
export const DISCARD_AUDIT_ACTION = 'tenant.draft-discarded';

/**
 * DELETE: "Discard draft" (issue 32). The site's unpublished draft goes; the answer is what the
 * editor starts again from: the site's published version (else its file), its issues, and a preview
 * of it. The draft's id and author go into the audit log.
 */
function handleDiscardDraft(request: Request, slug: string): Promise<Response> {
  return studioCall(async () => {
    const { staff, site } = await siteCaller(request, slug, 'DELETE');
    const at = previewMoment(new URL(request.url).searchParams.get('at') ?? undefined);
    const store = getTenantStore();
    const discarded = await store.discardDraft(site.slug);
    if (discarded)
      await store.audit({
        actor: staff.user.email,
        action: DISCARD_AUDIT_ACTION,
        slug: site.slug,
        detail: { versionId: discarded.id, author: discarded.author, baseVersionId: discarded.parentId },
      });
    const { published, filePath } = site;
    const text = published?.document ?? (filePath ? fileText(filePath) : undefined) ?? '{}';
    const issues = published ? checkPublished(site.slug, published) : filePath ? checkFile(filePath) : [];
    return answer(200, {
      discarded: discarded ? draftOut(discarded) : null,
      document: documentValue(text),
      publishedVersionId: published?.id ?? null,
      issues: issues.map(issueOut),
      preview: await previewOfDraft(site.slug, undefined, at),
    });
  });
}

/** PUT: autosave. A draft may be invalid (it is saved anyway); the answer says what is wrong with it. DELETE discards it. */
export function handleDraft(request: Request, slug: string): Promise<Response> {
  if (request.method === 'DELETE') return handleDiscardDraft(request, slug);
  return studioCall(async () => {
    const { staff, site } = await siteCaller(request, slug, 'PUT');
    const body = await objectBody(request);
    // Checked before anything is saved, so a refused call changes nothing.
    const previewAt = previewMoment(body.previewAt);
    const document = documentField(body);
    const baseVersionId = await baseVersionOf(body, site);
    const store = getTenantStore();
    const before = await store.draft(site.slug);
    const draft = await store.saveDraft({
      slug: site.slug,
      document: documentText(document),
      author: staff.user.email,
      baseVersionId,
    });
    // A new draft is an action of its own in the audit log; the autosaves that rewrite it are not.
    if (draft.id !== before?.id)
      await store.audit({
        actor: staff.user.email,
        action: DRAFT_AUDIT_ACTION,
        slug: site.slug,
        detail: { versionId: draft.id, baseVersionId },
      });
    return answer(200, {
      draft: draftOut(draft),
      publishedVersionId: site.published?.id ?? null,
      issues: [
        ...checkEditedText(site.slug, draft.document),
        ...(await roleIssues(staff, site, draft.document, draft.parentId)),
      ].map(issueOut),
      // The preview frame shows this very save (a new token, and so a new address, for every save),
      // or the last complete draft while this one is incomplete (issue 32).
      preview: await previewOfDraft(site.slug, draft, previewAt),
    });
  });
}

/**
 * The first publish of a site served from its file: the file goes into the history first (as
 * `npm run tenants -- import` would put it), so the history starts with what the site showed and
 * Restore can bring it back. Null when the site has a published version already (a publish from
 * the file is then a conflict), has no file, or its file does not validate (nothing to restore).
 */
export async function fileAsFirstVersion(site: EditableSite, author: string): Promise<number | null> {
  if (site.published || !site.filePath) return null;
  const text = fileText(site.filePath);
  if (text === undefined) return null;
  const store = getTenantStore();
  const result = await store.importDocuments({
    documents: [{ slug: site.slug, document: text, file: fileLabel(site.filePath) }],
    author,
    validate: studioValidate,
  });
  return result.ok ? ((await store.published(site.slug))?.id ?? null) : null;
}

/** POST: publish, validated by the engine; a stale base is a conflict and the document is kept as a draft. */
export function handlePublish(request: Request, slug: string): Promise<Response> {
  return studioCall(async () => {
    const { staff, site } = await siteCaller(request, slug, 'POST');
    const body = await objectBody(request);
    const document = documentField(body);
    const message = messageOf(body);
    const baseVersionId = await baseVersionOf(body, site);
    await keepsAdminFields(staff, site, document, baseVersionId);
    const author = staff.user.email;
    // Only a document that will publish puts the file in the history first.
    const base =
      baseVersionId ?? (studioValidate(site.slug, document).ok ? await fileAsFirstVersion(site, author) : null);
    const result = await getTenantStore().publish({
      slug: site.slug,
      document: documentText(document),
      author,
      message,
      baseVersionId: base,
      validate: studioValidate,
    });
    return publishAnswer(result, { site, author, baseVersionId, keepsDraft: true });
  });
}

/** GET: every version of the site, newest first, without documents. */
export function handleHistory(request: Request, slug: string): Promise<Response> {
  return studioCall(async () => {
    const { site } = await siteCaller(request, slug, 'GET');
    const store = getTenantStore();
    const [versions, draft, schedules] = await Promise.all([
      store.versionList(site.slug),
      store.draft(site.slug),
      store.schedules(site.slug),
    ]);
    // Issue 33: a version frozen for a schedule, or published by one, says so (the schedule named).
    const timeZone = siteTimeZone(site.published ? documentValue(site.published.document) : undefined);
    const scheduleOf = new Map<number, { id: number; role: 'frozen' | 'published'; state: string; when: string }>();
    for (const s of schedules) {
      const when = timeWords(new Date(s.publishAt), timeZone);
      scheduleOf.set(s.versionId, { id: s.id, role: 'frozen', state: s.state, when });
      if (s.publishedVersionId !== null)
        scheduleOf.set(s.publishedVersionId, { id: s.id, role: 'published', state: s.state, when });
    }
    return answer(200, {
      publishedVersionId: site.published?.id ?? null,
      draftVersionId: draft?.id ?? null,
      versions: versions.map((v) => {
        const schedule = scheduleOf.get(v.id);
        return schedule ? { ...summary(v), schedule } : summary(v);
      }),
    });
  });
}

/**
 * Issue 32: the changes from `before` to `after` told as the edits a person made, each with its
 * field changes for "Details". A form or button set taken from the template is told as its changes
 * from the template's.
 */
function storyOf(before: unknown, after: unknown) {
  const layer = isPlainObject(after)
    ? inheritedDocument(typeof after.template === 'string' ? after.template : undefined, groupOf(after))
    : undefined;
  return describeEdits(before, after, { sections: SECTIONS, inherited: layer }).map((entry) => ({
    ...entry,
    details: entry.details.map(changeOut),
  }));
}

/** A version of this site, or 404 (a version of another site is not this site's to show). */
async function siteVersion(site: EditableSite, id: number): Promise<TenantVersion> {
  const version = await getTenantStore().version(id);
  if (!version || version.slug !== site.slug) throw new Refusal(404, `There is no version ${id} of ${site.name}.`);
  return version;
}

/** GET ?from=<id>&to=<id>: what changed between two versions of the site, field by field. */
export function handleDiff(request: Request, slug: string): Promise<Response> {
  return studioCall(async () => {
    const { site } = await siteCaller(request, slug, 'GET');
    const query = new URL(request.url).searchParams;
    const fromId = wholeNumberOf(query.get('from'));
    const toId = wholeNumberOf(query.get('to'));
    if (fromId === undefined || toId === undefined)
      throw new Refusal(400, 'Name the two versions to compare: ?from=<version id>&to=<version id>.');
    const from = await siteVersion(site, fromId);
    const to = await siteVersion(site, toId);
    const before = documentValue(from.document);
    const after = documentValue(to.document);
    const changes = diffDocuments(before, after);
    return answer(200, {
      from: summary(from),
      to: summary(to),
      changes: changes.map(changeOut),
      entries: storyOf(before, after),
    });
  });
}

/** POST: publish an earlier version's document again, validated like a publish. */
export function handleRestore(request: Request, slug: string): Promise<Response> {
  return studioCall(async () => {
    const { staff, site } = await siteCaller(request, slug, 'POST');
    const body = await objectBody(request);
    const versionId = typeof body.versionId === 'number' ? wholeNumberOf(body.versionId) : undefined;
    if (versionId === undefined) throw new Refusal(400, 'Send "versionId": the id of the version to restore.');
    const source = await siteVersion(site, versionId);
    const baseVersionId = await baseVersionOf(body, site);
    await keepsAdminFields(staff, site, documentValue(source.document), baseVersionId);
    const author = staff.user.email;
    const result = await getTenantStore().restore({
      slug: site.slug,
      versionId,
      author,
      baseVersionId,
      validate: studioValidate,
    });
    return publishAnswer(result, { site, author, baseVersionId, keepsDraft: false });
  });
}

/** The "Preview as of" moment of a call (issue 32), or undefined for now; a bad one is refused with a sentence. */
export function previewMoment(value: unknown): Date | undefined {
  const at = previewAtOf(value);
  if (at === null)
    throw new Refusal(400, 'The "Preview as of" date is not a date and time the preview can show. Choose another one.');
  return at;
}

/**
 * GET: a fresh preview token for the site's current draft (else what it serves), when the last one
 * nears expiry; with ?version=<id>, for that stored version of the site (History: "Preview version
 * N", looked at before it is restored; issue 32). ?at= applies to either.
 */
export function handlePreviewToken(request: Request, slug: string): Promise<Response> {
  return studioCall(async () => {
    const { site } = await siteCaller(request, slug, 'GET');
    const query = new URL(request.url).searchParams;
    const at = previewMoment(query.get('at') ?? undefined);
    const asked = query.get('version');
    if (asked !== null) {
      const versionId = wholeNumberOf(asked);
      if (versionId === undefined)
        throw new Refusal(400, 'Name the version to preview by its number from the History tab: ?version=<number>.');
      const version = await siteVersion(site, versionId);
      return answer(200, { preview: previewOfVersion(site.slug, version.id, at) });
    }
    const draft = await getTenantStore().draft(site.slug);
    return answer(200, { preview: await previewOfDraft(site.slug, draft, at) });
  });
}
