import { serialize } from '../db/dialect';
import type { Kysely, Selectable } from 'kysely';
import { diffDocuments, type FieldChange } from '../../domain/tenant-diff';
import { mergeScheduled } from '../../domain/studio/scheduled-publish';
import type { Database, TenantScheduleTable, TenantVersionTable } from '../db/schema';
import { trimSiteHistory } from './version-limit';

export type { FieldChange } from '../../domain/tenant-diff';

/** One version of a site's tenant document: published ones never change, a draft is rewritten by its author's autosave. */
export interface TenantVersion {
  id: number;
  slug: string;
  /** The tenant JSON as text. */
  document: string;
  author: string;
  message: string;
  createdAt: string;
  /** The version this one was edited from (the published version the editor started from). */
  parentId: number | null;
  state: 'draft' | 'published';
}

/** A version without its document. */
export type VersionSummary = Omit<TenantVersion, 'document'>;

/** What the engine serves for one site. */
export interface PublishedTenant {
  slug: string;
  versionId: number;
  document: string;
  publishedAt: string;
  publishedBy: string;
}

export interface DocumentIssue {
  /** JSON pointer into the document ('' is the whole document). */
  pointer: string;
  message: string;
}

/**
 * Checks a document before it is published; the caller supplies the engine's validation (the same
 * ajv and messages as `npm run validate`), since services do not import the engine.
 */
export type Validate = (slug: string, document: unknown) => { ok: true } | { ok: false; issues: DocumentIssue[] };

export type PublishResult =
  | { ok: true; version: TenantVersion }
  | { ok: false; reason: 'invalid'; issues: DocumentIssue[] }
  | { ok: false; reason: 'conflict'; current: TenantVersion; changes: FieldChange[] };

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  slug: string | null;
  detail: unknown;
}

export type ImportResult =
  | { ok: true; imported: string[]; unchanged: string[] }
  | { ok: false; issues: { file: string; pointer: string; message: string }[] };

/** What a publish needs: the document, who, why, the version it was edited from, and the engine's check. */
export interface PublishInput {
  slug: string;
  document: string;
  author: string;
  message: string;
  baseVersionId: number | null;
  validate: Validate;
}

/** Why a schedule was not published at its time (facts; the Studio tells them in words). */
export type ScheduleRefusal =
  /** It no longer passed the site's checks (a newer schema, a picture deleted since). */
  | { kind: 'invalid'; issues: DocumentIssue[] }
  /** Version `versionId` was published after it was made and changed the same fields (`pointers`). */
  | { kind: 'conflict'; versionId: number; author: string; pointers: string[] }
  /** Its frozen version is not in the store any more. */
  | { kind: 'missing' };

/** A publish set for a moment (issue 33, "Publish at…"). */
export interface ScheduledPublish {
  id: number;
  slug: string;
  /** The frozen draft it publishes. */
  versionId: number;
  /** The published version it was made from. */
  baseVersionId: number | null;
  /** ISO instant. */
  publishAt: string;
  message: string;
  author: string;
  createdAt: string;
  state: 'scheduled' | 'published' | 'cancelled' | 'not-published';
  finishedAt: string | null;
  /** Who cancelled it. */
  finishedBy: string | null;
  /** The version it became, once published. */
  publishedVersionId: number | null;
  refusal: ScheduleRefusal | null;
}

export type ScheduleResult = { ok: true; schedule: ScheduledPublish } | Extract<PublishResult, { ok: false }>;

/** What a round of the scheduler did with one due schedule. */
export type ScheduleOutcome =
  | { state: 'published'; schedule: ScheduledPublish; version: TenantVersion }
  | { state: 'not-published'; schedule: ScheduledPublish };

export interface TenantStore {
  listPublished(): Promise<PublishedTenant[]>;
  /** Changes whenever any site's published version changes (a cheap query: e.g. sum/max of change_seq). */
  changeStamp(): Promise<string>;
  published(slug: string): Promise<TenantVersion | undefined>;
  draft(slug: string): Promise<TenantVersion | undefined>;
  saveDraft(input: {
    slug: string;
    document: string;
    author: string;
    baseVersionId: number | null;
  }): Promise<TenantVersion>;
  /**
   * Discards the site's unpublished draft (issue 32, "Discard draft"): the draft's version and the
   * preview's last complete draft go, and the site's next edit starts from what it serves. Answers
   * the draft that went, or undefined when the site had none.
   */
  discardDraft(slug: string): Promise<TenantVersion | undefined>;
  publish(input: PublishInput): Promise<PublishResult>;
  restore(input: {
    slug: string;
    versionId: number;
    author: string;
    baseVersionId: number | null;
    validate: Validate;
  }): Promise<PublishResult>;
  /** Every version of the site, drafts included, newest first. */
  history(slug: string): Promise<TenantVersion[]>;
  /** The same versions without their documents (a history screen lists them; a document is ~60 KB). */
  versionList(slug: string): Promise<VersionSummary[]>;
  version(id: number): Promise<TenantVersion | undefined>;
  /**
   * Keeps `document` as the site's newest draft that loads (issue 32): the Studio's preview shows it
   * while a later draft is incomplete. One per site; never published, never in the history.
   */
  keepPreviewSnapshot(slug: string, document: string): Promise<void>;
  /** The site's newest draft that loaded (keepPreviewSnapshot), if any. */
  previewSnapshot(slug: string): Promise<{ document: string; savedAt: string } | undefined>;
  importDocuments(input: {
    documents: { slug: string; document: string; file: string }[];
    author: string;
    validate: Validate;
  }): Promise<ImportResult>;
  /**
   * "Publish at…" (issue 33): the document, checked as a publish is, is frozen as a version of its
   * own and set to be published at `publishAt`; the site's draft is cleared (its changes are in the
   * schedule). A stale base or an invalid document is refused as a publish is (the draft kept).
   */
  schedule(input: PublishInput & { publishAt: Date }): Promise<ScheduleResult>;
  /** Cancels a waiting schedule; answers it, or why not (none such, or it is not waiting any more). */
  cancelSchedule(input: {
    slug: string;
    id: number;
    by: string;
  }): Promise<{ ok: true; schedule: ScheduledPublish } | { ok: false; schedule: ScheduledPublish | undefined }>;
  /** The site's schedules, newest first (at most `limit`, default 50), waiting ones always included. */
  schedules(slug: string, limit?: number): Promise<ScheduledPublish[]>;
  /** Across sites: every waiting schedule, and those not published since the site's last publish. */
  openSchedules(): Promise<ScheduledPublish[]>;
  /**
   * Publishes the schedules that are due, each once however many processes call this at the same
   * time: a schedule is taken inside the site's write transaction, where its state is read again.
   * A schedule whose site published something else since it was made carries its own changes onto
   * that (domain/studio/scheduled-publish.ts, mergeScheduled) or, when both changed the same fields,
   * is not published; an invalid one is not published either. Answers what this call did.
   */
  publishDue(input: { validate: Validate; limit?: number }): Promise<ScheduleOutcome[]>;
  audit(entry: { actor: string; action: string; slug?: string; detail?: unknown }): Promise<void>;
  /** Newest first; at most `limit` entries (default DEFAULT_AUDIT_LIMIT). */
  auditLog(filter?: { slug?: string; limit?: number }): Promise<AuditEntry[]>;
}

export interface TenantStoreOptions {
  now?: () => Date;
}

/** Audit actions this store writes itself. */
export const AUDIT_ACTIONS = {
  publish: 'tenant.publish',
  restore: 'tenant.restore',
  import: 'tenant.import',
  refused: 'tenant.publish-refused',
  schedule: 'tenant.schedule',
  scheduleCancelled: 'tenant.schedule-cancelled',
  publishScheduled: 'tenant.publish-scheduled',
  scheduleNotPublished: 'tenant.schedule-not-published',
} as const;

export const DEFAULT_AUDIT_LIMIT = 100;

/**
 * How a document is stored: 2-space JSON with a final newline, the layout of the files in
 * tenants/, so `npm run tenants -- export` writes them back byte for byte. Text that is not JSON
 * is returned as it is (a draft may be saved half-typed).
 */
export function canonicalDocument(text: string): string {
  try {
    return `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
  } catch {
    return text;
  }
}

type Db = Kysely<Database>;
type VersionRow = Selectable<TenantVersionTable>;

const toVersion = (row: VersionRow): TenantVersion => ({
  id: row.id,
  slug: row.slug,
  document: row.document,
  author: row.author,
  message: row.message,
  createdAt: row.created_at,
  parentId: row.parent_id,
  state: row.state,
});

type ScheduleRow = Selectable<TenantScheduleTable>;

function refusalOf(text: string | null): ScheduleRefusal | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as ScheduleRefusal;
    return typeof value === 'object' && value !== null && 'kind' in value ? value : { kind: 'missing' };
  } catch {
    return { kind: 'missing' };
  }
}

const toSchedule = (row: ScheduleRow): ScheduledPublish => ({
  id: row.id,
  slug: row.slug,
  versionId: row.version_id,
  baseVersionId: row.base_version_id,
  publishAt: row.publish_at,
  message: row.message,
  author: row.author,
  createdAt: row.created_at,
  state: row.state,
  finishedAt: row.finished_at,
  finishedBy: row.finished_by,
  publishedVersionId: row.published_version_id,
  refusal: refusalOf(row.refusal),
});

async function scheduleById(db: Db, id: number): Promise<ScheduleRow | undefined> {
  return db.selectFrom('tenant_schedules').selectAll().where('id', '=', id).executeTakeFirst();
}

function parseDocument(text: string): { ok: true; value: unknown } | { ok: false; issue: DocumentIssue } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, issue: { pointer: '', message: `is not valid JSON (${reason})` } };
  }
}

function check(slug: string, text: string, validate: Validate): DocumentIssue[] {
  const parsed = parseDocument(text);
  if (!parsed.ok) return [parsed.issue];
  const result = validate(slug, parsed.value);
  return result.ok ? [] : result.issues;
}

/** A document for diffing; one that does not parse is compared as its text. */
function asValue(text: string | undefined): unknown {
  if (text === undefined) return {};
  const parsed = parseDocument(text);
  return parsed.ok ? parsed.value : text;
}

/** Another process moved the published pointer between our read and our write: the transaction is rolled back. */
class StaleBaseError extends Error {}

async function versionById(db: Db, id: number | null | undefined): Promise<VersionRow | undefined> {
  if (id === null || id === undefined) return undefined;
  return db.selectFrom('tenant_versions').selectAll().where('id', '=', id).executeTakeFirst();
}

async function siteRow(db: Db, slug: string) {
  return db.selectFrom('tenant_sites').selectAll().where('slug', '=', slug).executeTakeFirst();
}

async function ensureSite(db: Db, slug: string): Promise<void> {
  await db
    .insertInto('tenant_sites')
    .values({
      slug,
      published_version_id: null,
      draft_version_id: null,
      published_at: null,
      published_by: null,
      change_seq: 0,
    })
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
}

async function writeAudit(
  db: Db,
  at: string,
  entry: { actor: string; action: string; slug?: string; detail?: unknown },
): Promise<void> {
  await db
    .insertInto('studio_audit')
    .values({
      at,
      actor: entry.actor,
      action: entry.action,
      slug: entry.slug ?? null,
      detail: JSON.stringify(entry.detail ?? null),
    })
    .execute();
}

/**
 * Autosave: the site's current draft is rewritten in place when the same author saves again from
 * the same base, so an editor typing for an hour leaves one row, not hundreds; otherwise a new draft
 * row is written and becomes the site's draft.
 */
async function saveDraftIn(
  db: Db,
  input: { slug: string; document: string; author: string; baseVersionId: number | null },
  at: string,
): Promise<TenantVersion> {
  const document = canonicalDocument(input.document);
  await ensureSite(db, input.slug);
  const site = await siteRow(db, input.slug);
  const current = await versionById(db, site?.draft_version_id);
  if (
    current &&
    current.slug === input.slug &&
    current.state === 'draft' &&
    current.author === input.author &&
    current.parent_id === input.baseVersionId
  ) {
    const row = await db
      .updateTable('tenant_versions')
      .set({ document, created_at: at })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toVersion(row);
  }
  const row = await db
    .insertInto('tenant_versions')
    .values({
      slug: input.slug,
      document,
      author: input.author,
      message: '',
      created_at: at,
      parent_id: input.baseVersionId,
      state: 'draft',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.updateTable('tenant_sites').set({ draft_version_id: row.id }).where('slug', '=', input.slug).execute();
  // A new row: the site's oldest versions past the history limit go (issue 30).
  await trimSiteHistory(db, input.slug);
  return toVersion(row);
}

/**
 * Inserts a published version and moves the site's pointer to it, only if the pointer is still
 * `baseVersionId` (a conditional update, so two processes cannot both publish over the same base).
 */
async function publishIn(
  db: Db,
  input: { slug: string; document: string; author: string; message: string; baseVersionId: number | null },
  at: string,
): Promise<TenantVersion> {
  await ensureSite(db, input.slug);
  const row = await db
    .insertInto('tenant_versions')
    .values({
      slug: input.slug,
      document: input.document,
      author: input.author,
      message: input.message,
      created_at: at,
      parent_id: input.baseVersionId,
      state: 'published',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const base = input.baseVersionId;
  const moved = await db
    .updateTable('tenant_sites')
    .set((eb) => ({
      published_version_id: row.id,
      draft_version_id: null,
      published_at: at,
      published_by: input.author,
      change_seq: eb('change_seq', '+', 1),
    }))
    .where('slug', '=', input.slug)
    .where('published_version_id', base === null ? 'is' : '=', base)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new StaleBaseError();
  await trimSiteHistory(db, input.slug);
  return toVersion(row);
}

export function createTenantStore(db: Kysely<Database>, options: TenantStoreOptions = {}): TenantStore {
  return tenantStoreOver(async () => db, options);
}

/** The store over a database that is opened on first use (the process-wide one). */
export function tenantStoreOver(
  database: () => Promise<Kysely<Database>>,
  options: TenantStoreOptions = {},
): TenantStore {
  const now = () => (options.now?.() ?? new Date()).toISOString();

  type Refused = Extract<PublishResult, { ok: false }>;

  /**
   * Runs `write` in the site's write transaction when the edit's base is still what the site
   * publishes and the document passes the engine's checks; else refuses as a publish is (a conflict
   * with what changed, or the issues), keeping the document as the site's draft when asked.
   */
  async function guardedWrite<R>(
    input: PublishInput & { keepRefused: boolean },
    write: (trx: Db, document: string, at: string) => Promise<R>,
  ): Promise<R | Refused> {
    const db = await database();
    const document = canonicalDocument(input.document);
    // Validation may read templates from disk: it runs before the transaction takes the write lock.
    const issues = check(input.slug, document, input.validate);
    const attempt = () =>
      db.transaction().execute(async (trx): Promise<R | Refused> => {
        await serialize(trx, `tenant:${input.slug}`);
        const at = now();
        const site = await siteRow(trx, input.slug);
        const currentId = site?.published_version_id ?? null;
        if (currentId !== input.baseVersionId) {
          const current = await versionById(trx, currentId);
          if (input.keepRefused) await saveDraftIn(trx, { ...input, document }, at);
          await writeAudit(trx, at, {
            actor: input.author,
            action: AUDIT_ACTIONS.refused,
            slug: input.slug,
            detail: { reason: 'conflict', baseVersionId: input.baseVersionId, currentVersionId: currentId },
          });
          if (!current) {
            // The base names a version, but the site has none published: nothing to merge with.
            return {
              ok: false,
              reason: 'invalid',
              issues: [
                {
                  pointer: '',
                  message: `"${input.slug}" has no published version, yet the edit started from version ${input.baseVersionId}: reload the site and make the change again`,
                },
              ],
            };
          }
          const base = await versionById(trx, input.baseVersionId);
          return {
            ok: false,
            reason: 'conflict',
            current: toVersion(current),
            changes: diffDocuments(asValue(base?.document), asValue(current.document)),
          };
        }
        if (issues.length) {
          if (input.keepRefused) await saveDraftIn(trx, { ...input, document }, at);
          await writeAudit(trx, at, {
            actor: input.author,
            action: AUDIT_ACTIONS.refused,
            slug: input.slug,
            detail: { reason: 'invalid', issues: issues.length },
          });
          return { ok: false, reason: 'invalid', issues };
        }
        return write(trx, document, at);
      });
    try {
      return await attempt();
    } catch (error) {
      // Lost a race with another process: run again, which now answers 'conflict'.
      if (error instanceof StaleBaseError) return attempt();
      throw error;
    }
  }

  function publishDocument(
    input: PublishInput & {
      action: string;
      /** Whether a refused document is kept as a draft (a restore's document is a version already). */
      keepRefused: boolean;
      detail?: Record<string, unknown>;
    },
  ): Promise<PublishResult> {
    return guardedWrite(input, async (trx, document, at): Promise<PublishResult> => {
      const version = await publishIn(trx, { ...input, document }, at);
      await writeAudit(trx, at, {
        actor: input.author,
        action: input.action,
        slug: input.slug,
        detail: {
          versionId: version.id,
          baseVersionId: input.baseVersionId,
          message: input.message,
          ...input.detail,
        },
      });
      return { ok: true, version };
    });
  }

  /** What a due schedule becomes, worked out before the write lock: the document to publish, or why not. */
  async function planSchedule(
    db: Db,
    row: ScheduleRow,
    validate: Validate,
  ): Promise<{ currentId: number | null } & ({ document: string } | { refusal: ScheduleRefusal })> {
    const site = await siteRow(db, row.slug);
    const currentId = site?.published_version_id ?? null;
    const frozen = await versionById(db, row.version_id);
    if (!frozen) return { currentId, refusal: { kind: 'missing' } };
    let document = frozen.document;
    if (currentId !== row.base_version_id) {
      // Published since it was made: its own changes go onto what is live, if they touch other fields.
      const [current, base] = await Promise.all([versionById(db, currentId), versionById(db, row.base_version_id)]);
      const merged = current
        ? mergeScheduled(asValue(base?.document), asValue(frozen.document), asValue(current.document))
        : undefined;
      if (!current || !merged?.ok)
        return {
          currentId,
          refusal: {
            kind: 'conflict',
            versionId: currentId ?? 0,
            author: current?.author ?? '',
            pointers: merged && !merged.ok ? merged.pointers : [],
          },
        };
      document = canonicalDocument(JSON.stringify(merged.document));
    }
    const issues = check(row.slug, document, validate);
    return issues.length ? { currentId, refusal: { kind: 'invalid', issues } } : { currentId, document };
  }

  /** Publishes (or refuses) one due schedule, unless another process took it first. */
  async function publishSchedule(db: Db, id: number, validate: Validate): Promise<ScheduleOutcome | undefined> {
    // A publish between the plan and the lock makes the plan stale: worked out again (a few times at most).
    for (let round = 0; round < 3; round++) {
      const row = await scheduleById(db, id);
      if (!row || row.state !== 'scheduled') return undefined;
      const plan = await planSchedule(db, row, validate);
      const outcome = await db.transaction().execute(async (trx): Promise<ScheduleOutcome | 'taken' | 'stale'> => {
        await serialize(trx, `tenant:${row.slug}`);
        // The claim: only the transaction that still finds it waiting goes on.
        const fresh = await scheduleById(trx, id);
        if (!fresh || fresh.state !== 'scheduled') return 'taken';
        const site = await siteRow(trx, row.slug);
        if ((site?.published_version_id ?? null) !== plan.currentId) return 'stale';
        const at = now();
        if ('refusal' in plan) {
          const done = await trx
            .updateTable('tenant_schedules')
            .set({ state: 'not-published', finished_at: at, refusal: JSON.stringify(plan.refusal) })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await writeAudit(trx, at, {
            actor: row.author,
            action: AUDIT_ACTIONS.scheduleNotPublished,
            slug: row.slug,
            detail: { scheduleId: id, reason: plan.refusal.kind },
          });
          return { state: 'not-published', schedule: toSchedule(done) };
        }
        const version = await publishIn(
          trx,
          {
            slug: row.slug,
            document: plan.document,
            author: row.author,
            message: row.message,
            baseVersionId: plan.currentId,
          },
          at,
        );
        const done = await trx
          .updateTable('tenant_schedules')
          .set({ state: 'published', finished_at: at, published_version_id: version.id })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, at, {
          actor: row.author,
          action: AUDIT_ACTIONS.publishScheduled,
          slug: row.slug,
          detail: { scheduleId: id, versionId: version.id, baseVersionId: plan.currentId, message: row.message },
        });
        return { state: 'published', schedule: toSchedule(done), version };
      });
      if (outcome === 'taken') return undefined;
      if (outcome !== 'stale') return outcome;
    }
    return undefined; // the site keeps changing: the next round tries again
  }

  return {
    async listPublished() {
      const db = await database();
      const rows = await db
        .selectFrom('tenant_sites')
        .innerJoin('tenant_versions', 'tenant_versions.id', 'tenant_sites.published_version_id')
        .select([
          'tenant_sites.slug',
          'tenant_versions.id',
          'tenant_versions.document',
          'tenant_sites.published_at',
          'tenant_sites.published_by',
          'tenant_versions.created_at',
          'tenant_versions.author',
        ])
        .orderBy('tenant_sites.slug')
        .execute();
      return rows.map((r) => ({
        slug: r.slug,
        versionId: r.id,
        document: r.document,
        publishedAt: r.published_at ?? r.created_at,
        publishedBy: r.published_by ?? r.author,
      }));
    },

    async changeStamp() {
      const db = await database();
      const row = await db
        .selectFrom('tenant_sites')
        .select((eb) => [eb.fn.countAll<number>().as('sites'), eb.fn.sum<number | null>('change_seq').as('seq')])
        .executeTakeFirst();
      return `${Number(row?.sites ?? 0)}:${Number(row?.seq ?? 0)}`;
    },

    async published(slug) {
      const db = await database();
      const site = await siteRow(db, slug);
      const row = await versionById(db, site?.published_version_id);
      return row && toVersion(row);
    },

    async draft(slug) {
      const db = await database();
      const site = await siteRow(db, slug);
      const row = await versionById(db, site?.draft_version_id);
      return row && toVersion(row);
    },

    async saveDraft(input) {
      const db = await database();
      return db.transaction().execute(async (trx) => {
        await serialize(trx, `tenant:${input.slug}`);
        return saveDraftIn(trx, input, now());
      });
    },

    async discardDraft(slug) {
      const db = await database();
      return db.transaction().execute(async (trx) => {
        await serialize(trx, `tenant:${slug}`);
        const site = await siteRow(trx, slug);
        const row = await versionById(trx, site?.draft_version_id);
        await trx.deleteFrom('studio_preview_snapshots').where('slug', '=', slug).execute();
        if (!row) return undefined;
        await trx.updateTable('tenant_sites').set({ draft_version_id: null }).where('slug', '=', slug).execute();
        // Only a draft row goes (a published version stays in the history); nothing keeps it as a parent.
        if (row.state === 'draft') {
          await trx.updateTable('tenant_versions').set({ parent_id: null }).where('parent_id', '=', row.id).execute();
          await trx.deleteFrom('tenant_versions').where('id', '=', row.id).execute();
        }
        return toVersion(row);
      });
    },

    publish(input) {
      return publishDocument({ ...input, action: AUDIT_ACTIONS.publish, keepRefused: true });
    },

    async restore(input) {
      const db = await database();
      const source = await versionById(db, input.versionId);
      if (!source || source.slug !== input.slug)
        return {
          ok: false,
          reason: 'invalid',
          issues: [{ pointer: '', message: `there is no version ${input.versionId} of "${input.slug}"` }],
        };
      return publishDocument({
        slug: input.slug,
        document: source.document,
        author: input.author,
        message: `Restored version ${source.id}`,
        baseVersionId: input.baseVersionId,
        validate: input.validate,
        action: AUDIT_ACTIONS.restore,
        keepRefused: false,
        detail: { restoredVersionId: source.id },
      });
    },

    async history(slug) {
      const db = await database();
      const rows = await db
        .selectFrom('tenant_versions')
        .selectAll()
        .where('slug', '=', slug)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toVersion);
    },

    async versionList(slug) {
      const db = await database();
      const rows = await db
        .selectFrom('tenant_versions')
        .select(['id', 'slug', 'author', 'message', 'created_at', 'parent_id', 'state'])
        .where('slug', '=', slug)
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        author: row.author,
        message: row.message,
        createdAt: row.created_at,
        parentId: row.parent_id,
        state: row.state,
      }));
    },

    async version(id) {
      const row = await versionById(await database(), id);
      return row && toVersion(row);
    },

    async keepPreviewSnapshot(slug, document) {
      const db = await database();
      const savedAt = now();
      await db
        .insertInto('studio_preview_snapshots')
        .values({ slug, document, saved_at: savedAt })
        .onConflict((conflict) => conflict.column('slug').doUpdateSet({ document, saved_at: savedAt }))
        .execute();
    },

    async previewSnapshot(slug) {
      const db = await database();
      const row = await db
        .selectFrom('studio_preview_snapshots')
        .select(['document', 'saved_at'])
        .where('slug', '=', slug)
        .executeTakeFirst();
      return row && { document: row.document, savedAt: row.saved_at };
    },

    async importDocuments(input) {
      const issues: { file: string; pointer: string; message: string }[] = [];
      const seen = new Map<string, string>();
      for (const doc of input.documents) {
        const earlier = seen.get(doc.slug);
        if (earlier !== undefined) {
          issues.push({
            file: doc.file,
            pointer: '/slug',
            message: `slug "${doc.slug}" is also imported from ${earlier}; import one file per site`,
          });
          continue;
        }
        seen.set(doc.slug, doc.file);
        for (const issue of check(doc.slug, doc.document, input.validate)) issues.push({ file: doc.file, ...issue });
      }
      if (issues.length) return { ok: false, issues };

      const db = await database();
      return db.transaction().execute(async (trx) => {
        await serialize(trx, ...input.documents.map((doc) => `tenant:${doc.slug}`));
        const at = now();
        const imported: string[] = [];
        const unchanged: string[] = [];
        for (const doc of input.documents) {
          const document = canonicalDocument(doc.document);
          const site = await siteRow(trx, doc.slug);
          const current = await versionById(trx, site?.published_version_id);
          if (current?.document === document) {
            unchanged.push(doc.slug);
            continue;
          }
          const message = `Imported from ${doc.file}`;
          const version = await publishIn(
            trx,
            { slug: doc.slug, document, author: input.author, message, baseVersionId: current?.id ?? null },
            at,
          );
          await writeAudit(trx, at, {
            actor: input.author,
            action: AUDIT_ACTIONS.import,
            slug: doc.slug,
            detail: { versionId: version.id, baseVersionId: current?.id ?? null, file: doc.file },
          });
          imported.push(doc.slug);
        }
        return { ok: true as const, imported, unchanged };
      });
    },

    schedule(input) {
      return guardedWrite({ ...input, keepRefused: true }, async (trx, document, at): Promise<ScheduleResult> => {
        const site = await siteRow(trx, input.slug);
        const draft = await versionById(trx, site?.draft_version_id);
        const frozen = await trx
          .insertInto('tenant_versions')
          .values({
            slug: input.slug,
            document,
            author: input.author,
            message: input.message,
            created_at: at,
            parent_id: input.baseVersionId,
            state: 'draft',
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        // The draft's changes are in the schedule now: the site's next edit starts from what it serves.
        await ensureSite(trx, input.slug);
        await trx.updateTable('tenant_sites').set({ draft_version_id: null }).where('slug', '=', input.slug).execute();
        await trx.deleteFrom('studio_preview_snapshots').where('slug', '=', input.slug).execute();
        if (draft?.state === 'draft' && draft.document === document) {
          await trx.updateTable('tenant_versions').set({ parent_id: null }).where('parent_id', '=', draft.id).execute();
          await trx.deleteFrom('tenant_versions').where('id', '=', draft.id).execute();
        }
        const row = await trx
          .insertInto('tenant_schedules')
          .values({
            slug: input.slug,
            version_id: frozen.id,
            base_version_id: input.baseVersionId,
            publish_at: input.publishAt.toISOString(),
            message: input.message,
            author: input.author,
            created_at: at,
            state: 'scheduled',
            finished_at: null,
            finished_by: null,
            published_version_id: null,
            refusal: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, at, {
          actor: input.author,
          action: AUDIT_ACTIONS.schedule,
          slug: input.slug,
          detail: {
            scheduleId: row.id,
            versionId: frozen.id,
            baseVersionId: input.baseVersionId,
            publishAt: row.publish_at,
            message: input.message,
          },
        });
        await trimSiteHistory(trx, input.slug);
        return { ok: true, schedule: toSchedule(row) };
      });
    },

    async cancelSchedule(input) {
      const db = await database();
      return db.transaction().execute(async (trx) => {
        await serialize(trx, `tenant:${input.slug}`);
        const row = await scheduleById(trx, input.id);
        if (!row || row.slug !== input.slug) return { ok: false as const, schedule: undefined };
        if (row.state !== 'scheduled') return { ok: false as const, schedule: toSchedule(row) };
        const at = now();
        const done = await trx
          .updateTable('tenant_schedules')
          .set({ state: 'cancelled', finished_at: at, finished_by: input.by })
          .where('id', '=', input.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, at, {
          actor: input.by,
          action: AUDIT_ACTIONS.scheduleCancelled,
          slug: input.slug,
          detail: { scheduleId: input.id, publishAt: row.publish_at, versionId: row.version_id },
        });
        return { ok: true as const, schedule: toSchedule(done) };
      });
    },

    async schedules(slug, limit = 50) {
      const db = await database();
      const [waiting, recent] = await Promise.all([
        db
          .selectFrom('tenant_schedules')
          .selectAll()
          .where('slug', '=', slug)
          .where('state', '=', 'scheduled')
          .execute(),
        db
          .selectFrom('tenant_schedules')
          .selectAll()
          .where('slug', '=', slug)
          .orderBy('id', 'desc')
          .limit(Math.max(1, Math.floor(limit)))
          .execute(),
      ]);
      const rows = new Map([...waiting, ...recent].map((row) => [row.id, row]));
      return [...rows.values()].sort((a, b) => b.id - a.id).map(toSchedule);
    },

    async openSchedules() {
      const db = await database();
      const rows = await db
        .selectFrom('tenant_schedules')
        .leftJoin('tenant_sites', 'tenant_sites.slug', 'tenant_schedules.slug')
        .selectAll('tenant_schedules')
        .select('tenant_sites.published_at as site_published_at')
        .where((eb) =>
          eb.or([
            eb('tenant_schedules.state', '=', 'scheduled'),
            eb.and([
              eb('tenant_schedules.state', '=', 'not-published'),
              eb.or([
                eb('tenant_sites.published_at', 'is', null),
                eb('tenant_schedules.finished_at', '>=', eb.ref('tenant_sites.published_at')),
              ]),
            ]),
          ]),
        )
        .orderBy('tenant_schedules.publish_at')
        .execute();
      return rows.map(({ site_published_at: _published, ...row }) => toSchedule(row));
    },

    async publishDue(input) {
      const db = await database();
      const due = await db
        .selectFrom('tenant_schedules')
        .select('id')
        .where('state', '=', 'scheduled')
        .where('publish_at', '<=', now())
        .orderBy('publish_at')
        .orderBy('id')
        .limit(Math.max(1, Math.floor(input.limit ?? 20)))
        .execute();
      const outcomes: ScheduleOutcome[] = [];
      for (const { id } of due) {
        const outcome = await publishSchedule(db, id, input.validate);
        if (outcome) outcomes.push(outcome);
      }
      return outcomes;
    },

    async audit(entry) {
      await writeAudit(await database(), now(), entry);
    },

    async auditLog(filter = {}) {
      const db = await database();
      let query = db
        .selectFrom('studio_audit')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(Math.max(1, Math.floor(filter.limit ?? DEFAULT_AUDIT_LIMIT)));
      if (filter.slug !== undefined) query = query.where('slug', '=', filter.slug);
      const rows = await query.execute();
      return rows.map((r) => {
        let detail: unknown = r.detail;
        try {
          detail = JSON.parse(r.detail);
        } catch {
          // kept as text: written by hand or by an older build
        }
        return { id: r.id, at: r.at, actor: r.actor, action: r.action, slug: r.slug, detail };
      });
    },
  };
}
