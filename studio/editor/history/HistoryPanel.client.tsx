'use client';

/**
 * A site's history in the editor (issue 16): every version with its author, time and message, the
 * changes between any two versions as the edits a person made, in words (issue 32: "Header menu:
 * added 'Special offers'"), each with a Details disclosure of its field-by-field changes for power
 * users (the only place a JSON pointer shows), and Restore, which publishes an earlier version
 * again as a new one (nothing is lost). Restore is never one click (issue 32): "Preview version N"
 * puts that version in the preview pane first, a bar says the preview is not the draft and not
 * live, and "Restore this version" asks for a confirmation in a modal dialog that says what a
 * restore does. The list is read again whenever `refreshKey` changes (the editor bumps it after a
 * publish). Progress and results are announced in a status region; refusals (a stale base, an
 * invalid document) are shown with the server's own sentence. The site keeps its newest versions
 * only (domain/studio/history-limit.ts), which the panel says.
 */
import { HISTORY_LIMIT_TEXT } from '../../../domain/studio/history-limit';
import type { StoryEntry } from '../../../domain/studio/change-story';
import { ChangeLine, type ChangeRow } from './ChangeLine';
import { ScheduleList } from './ScheduleList.client';
import { ConfirmDialog } from '../shared/ConfirmDialog.client';
import type { PreviewedVersion } from '../editor-data';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styles from '../../components/studio.module.css';
import history from './history-panel.module.css';

export interface HistoryPanelProps {
  slug: string;
  siteName: string;
  /** The published version the editor started from: sent as the base of a restore. */
  publishedVersionId: number | null;
  /** Any change reads the history again. */
  refreshKey: number;
  /** The version the preview pane shows instead of the draft, or null (the draft). */
  previewedVersion: PreviewedVersion | null;
  /** False when this Studio has no preview addresses: a version is chosen for a restore without being shown. */
  previewAvailable?: boolean;
  /** "Preview version N" (a version) and "Back to my draft" (null). */
  onPreviewVersion(version: PreviewedVersion | null): void;
  /**
   * After a restore: the id of the new published version, and of the version it restored. The
   * editor opens the restored version from here (see restoredNotice for the message it keeps).
   */
  onRestored(versionId: number, restoredVersionId: number): void;
  /** A scheduled publish was cancelled here (issue 33): the editor reads its waiting list again. */
  onSchedulesChanged?(): void;
}

/** The address's query names after a restore (Editor.client.tsx sets them): `?restored=<new>&from=<restored>`. */
const RESTORED_PARAMS = { restored: 'restored', from: 'from' } as const;

const wholeNumber = (value: string | null): number | undefined =>
  value !== null && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

/**
 * The success message of a restore the editor reloaded after (it reloads so that every tab opens
 * the restored version): the address carries it, and the panel shows it once it has loaded.
 */
function restoredNotice(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const query = new URLSearchParams(window.location.search);
  const restored = wholeNumber(query.get(RESTORED_PARAMS.restored));
  const from = wholeNumber(query.get(RESTORED_PARAMS.from));
  return restored && from ? `Restored version ${from} as version ${restored}; it is live now.` : undefined;
}

/** One version as GET .../history lists it (studio/api/document-routes.ts). */
interface VersionRow {
  id: number;
  state: 'published' | 'draft';
  author: string;
  message: string;
  createdAt: string;
  parentId: number | null;
  /** Issue 33: the version a schedule froze ('frozen') or published ('published'), and when. */
  schedule?: { id: number; role: 'frozen' | 'published'; state: string; when: string };
}

/** What the State column says about a version a schedule froze or published. */
function scheduleNote(v: VersionRow): string | undefined {
  const s = v.schedule;
  if (!s) return undefined;
  if (s.role === 'published') return `By the publish scheduled for ${s.when}`;
  if (s.state === 'scheduled') return `Scheduled to publish ${s.when}`;
  if (s.state === 'cancelled') return `Was scheduled for ${s.when}; cancelled`;
  if (s.state === 'not-published') return `Was scheduled for ${s.when}; not published`;
  return `Scheduled for ${s.when}`;
}

interface HistoryAnswer {
  publishedVersionId: number | null;
  draftVersionId: number | null;
  versions: VersionRow[];
}

/** One edit as GET .../diff tells it (domain/studio/change-story.ts), with its field changes. */
type EditRow = StoryEntry<ChangeRow>;

interface DiffAnswer {
  /** Field by field: describeChange's line and the field's JSON pointer. */
  changes: ChangeRow[];
  /** The same changes as the edits a person made, in words. */
  entries?: EditRow[];
}

interface Refused {
  message: string;
  issues?: { pointer: string; message: string }[];
}

type Loaded<T> = { ok: true; value: T } | { ok: false; refused: Refused };

const UNREACHABLE = 'The Studio could not be reached. Check your connection and try again.';

/** The answer as JSON, or a refusal with the server's sentence (or ours when it sent none). */
async function call<T>(url: string, init?: RequestInit): Promise<{ status: number } & Loaded<T>> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store', ...init });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { status: 0, ok: false, refused: { message: UNREACHABLE } };
  }
  const body = (await response.json().catch(() => undefined)) as (Partial<Refused> & T) | undefined;
  if (response.ok && body !== undefined) return { status: response.status, ok: true, value: body };
  const message =
    typeof body?.message === 'string' && body.message
      ? body.message
      : `The Studio answered with an error (${response.status}). Please try again in a moment.`;
  return {
    status: response.status,
    ok: false,
    refused: { message, ...(Array.isArray(body?.issues) ? { issues: body.issues } : {}) },
  };
}

const TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

function shownTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : TIME.format(date);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The comparison to start from: the live version against the published version before it (else
 * the version before it, whatever it is); without a live version, the newest against the one before.
 */
function defaultPair(versions: readonly VersionRow[], liveId: number | null): { from: number; to: number } {
  const toIndex = Math.max(
    0,
    versions.findIndex((v) => v.id === liveId),
  );
  const to = versions[toIndex];
  const older = versions.slice(toIndex + 1);
  const from = older.find((v) => v.state === 'published') ?? older[0] ?? to;
  return { from: from?.id ?? 0, to: to?.id ?? 0 };
}

export function HistoryPanel(props: HistoryPanelProps) {
  const { slug, siteName, publishedVersionId, refreshKey, previewedVersion, onPreviewVersion, onRestored } = props;
  const previewAvailable = props.previewAvailable ?? true;
  const id = useId();
  // The history read for one (site, refreshKey, reload): while a newer one loads, the last stays on screen.
  const [reloads, setReloads] = useState(0);
  const requestKey = `${slug}\n${refreshKey}\n${reloads}`;
  const [loaded, setLoaded] = useState<{ key: string; result: Loaded<HistoryAnswer> } | undefined>();
  const loading = loaded?.key !== requestKey;
  // The two versions picked for the comparison, for the history they were picked from.
  const [picked, setPicked] = useState<{ key: string; from: number; to: number } | undefined>();
  const [diff, setDiff] = useState<{ from: number; to: number; entries: EditRow[] } | undefined>();
  const [busy, setBusy] = useState<'diff' | 'restore' | undefined>();
  // Shown once the history has loaded (the status says "Loading…" till then, on the server too).
  const [notice, setNotice] = useState<string | undefined>(restoredNotice);
  const [error, setError] = useState<Refused | undefined>();
  const [confirming, setConfirming] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const restoreButton = useRef<HTMLButtonElement>(null);
  const focusBar = useRef(false);

  // The restore message has been read from the address: a later reload does not say it again.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(RESTORED_PARAMS.restored)) return;
    url.searchParams.delete(RESTORED_PARAMS.restored);
    url.searchParams.delete(RESTORED_PARAMS.from);
    window.history.replaceState(window.history.state, '', url);
  }, []);

  // Leaving the History tab puts the draft back in the preview.
  const previewCallback = useRef(onPreviewVersion);
  useEffect(() => {
    previewCallback.current = onPreviewVersion;
  });
  useEffect(() => () => previewCallback.current(null), []);

  // "Preview version N" was chosen: the focus goes to the bar that says what the preview shows.
  useEffect(() => {
    if (previewedVersion && focusBar.current) bar.current?.focus();
    focusBar.current = false;
  }, [previewedVersion]);

  useEffect(() => {
    const controller = new AbortController();
    call<HistoryAnswer>(`/api/studio/sites/${encodeURIComponent(slug)}/history`, { signal: controller.signal })
      .then((result) => {
        if (!controller.signal.aborted) setLoaded({ key: requestKey, result });
      })
      .catch(() => undefined); // aborted: a newer read is on its way
    return () => controller.abort();
  }, [slug, requestKey]);

  const answer = loaded?.result.ok ? loaded.result.value : undefined;
  const versions = answer?.versions ?? [];
  const liveId = answer ? answer.publishedVersionId : publishedVersionId;
  const pair =
    picked && loaded && picked.key === loaded.key ? picked : defaultPair(versions, answer?.publishedVersionId ?? null);

  function pick(which: 'from' | 'to', value: string) {
    setPicked({ ...pair, [which]: Number(value), key: loaded?.key ?? '' });
  }

  async function showChanges(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(undefined);
    if (pair.from === pair.to) {
      setDiff(undefined);
      setNotice('Choose two different versions to compare.');
      return;
    }
    setBusy('diff');
    setNotice(`Comparing version ${pair.from} with version ${pair.to}…`);
    const query = new URLSearchParams({ from: String(pair.from), to: String(pair.to) });
    const result = await call<DiffAnswer>(`/api/studio/sites/${encodeURIComponent(slug)}/diff?${query.toString()}`);
    setBusy(undefined);
    if (!result.ok) {
      setDiff(undefined);
      setNotice(undefined);
      setError(result.refused);
      return;
    }
    const { changes } = result.value;
    const told = result.value.entries ?? [];
    // Every field change belongs to an entry; should none tell it, the changes still show under Details.
    const entries: EditRow[] =
      told.length || !changes.length ? told : [{ text: 'Other changes', area: '', details: changes }];
    setDiff({ from: pair.from, to: pair.to, entries });
    setNotice(
      entries.length
        ? `${plural(entries.length, 'change')} from version ${pair.from} to version ${pair.to}.`
        : `Versions ${pair.from} and ${pair.to} are the same.`,
    );
  }

  function previewVersion(v: VersionRow) {
    focusBar.current = true;
    setError(undefined);
    setNotice(undefined);
    onPreviewVersion({ id: v.id, createdAt: v.createdAt, author: v.author, message: v.message });
  }

  function backToDraft() {
    const shown = previewedVersion?.id;
    onPreviewVersion(null);
    setConfirming(false);
    // The bar goes: the focus returns to the version's own button.
    if (shown !== undefined) window.document.getElementById(`${id}-preview-${shown}`)?.focus();
  }

  function closeConfirmation() {
    setConfirming(false);
    restoreButton.current?.focus();
  }

  async function restore(versionId: number) {
    if (busy) return;
    setError(undefined);
    setBusy('restore');
    setNotice(`Restoring version ${versionId}…`);
    const result = await call<{ version: VersionRow }>(`/api/studio/sites/${encodeURIComponent(slug)}/restore`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ versionId, baseVersionId: publishedVersionId }),
    });
    setBusy(undefined);
    if (!result.ok) {
      setNotice(undefined);
      setError(result.refused);
      // Someone else published meanwhile: list what is live now.
      if (result.status === 409) setReloads((n) => n + 1);
      return;
    }
    const restored = result.value.version.id;
    setNotice(`Restored version ${versionId} as version ${restored}; it is live now.`);
    setReloads((n) => n + 1);
    // What the preview showed is live now: the preview goes back to the editor's own document.
    onPreviewVersion(null);
    onRestored(restored, versionId);
  }

  const summary = answer
    ? versions.length
      ? `${plural(versions.length, 'version')} of ${siteName}.${liveId ? ` Version ${liveId} is live.` : ''}`
      : `${siteName} has no versions yet.`
    : undefined;
  const status = loading ? `Loading the history of ${siteName}…` : (notice ?? summary ?? '');
  const loadError = loaded && !loaded.result.ok ? loaded.result.refused : undefined;
  const shownError = error ?? (loading ? undefined : loadError);
  const option = (v: VersionRow) =>
    `Version ${v.id}, ${v.id === liveId ? 'live' : v.state === 'draft' ? 'draft' : 'published'}, ${shownTime(v.createdAt)}`;

  return (
    <section className={history.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>History</h2>
      <p className={styles.hint}>{HISTORY_LIMIT_TEXT}</p>
      <p className={history.status} role="status">
        {status}
      </p>
      {shownError ? (
        <div className={styles.error} role="alert">
          <p className={history.flush}>{shownError.message}</p>
          {shownError.issues?.length ? (
            <ul>
              {shownError.issues.map((issue, i) => (
                <li key={i}>
                  {issue.pointer ? <code className={history.path}>{issue.pointer}</code> : null}
                  {issue.pointer ? ': ' : ''}
                  {issue.message}
                </li>
              ))}
            </ul>
          ) : null}
          {shownError === loadError ? (
            <button
              type="button"
              className={`${styles.button} ${styles.secondary}`}
              onClick={() => setReloads((n) => n + 1)}
            >
              Try again
            </button>
          ) : null}
        </div>
      ) : null}

      {previewedVersion ? (
        <div
          ref={bar}
          className={history.previewBar}
          role="region"
          aria-label={`Version ${previewedVersion.id} in the preview`}
          tabIndex={-1}
        >
          {previewedVersion.scheduledFor ? (
            <p className={history.flush}>
              The preview shows the changes scheduled to publish {previewedVersion.scheduledFor} (‘
              {previewedVersion.message}’, set by {previewedVersion.author}). They are not live yet.
            </p>
          ) : (
            <p className={history.flush}>
              {previewAvailable ? 'The preview shows version' : 'You chose version'} {previewedVersion.id} (published{' '}
              {shownTime(previewedVersion.createdAt)} by {previewedVersion.author}
              {previewedVersion.message ? `, '${previewedVersion.message}'` : ''}). It is not live.
              {previewAvailable ? '' : ' The preview is not switched on for this Studio, so it cannot be shown first.'}
            </p>
          )}
          <div className={history.barActions}>
            {previewedVersion.scheduledFor ? null : (
              <button
                ref={restoreButton}
                type="button"
                className={styles.button}
                aria-haspopup="dialog"
                aria-disabled={busy !== undefined}
                onClick={() => {
                  if (!busy) setConfirming(true);
                }}
              >
                Restore this version
              </button>
            )}
            <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={backToDraft}>
              Back to my draft
            </button>
          </div>
        </div>
      ) : null}
      {previewedVersion && confirming ? (
        <ConfirmDialog
          title={`Restore version ${previewedVersion.id}?`}
          confirmLabel="Restore and publish"
          onConfirm={() => {
            closeConfirmation();
            void restore(previewedVersion.id);
          }}
          onCancel={closeConfirmation}
        >
          <p>
            Version {previewedVersion.id}&apos;s content is published as a new version, and the public site shows it on
            the next page view. Nothing is lost: the version live now stays in History, but any changes in your draft
            that are not published yet are replaced by version {previewedVersion.id} (the draft stays listed in
            History).
          </p>
        </ConfirmDialog>
      ) : null}

      <ScheduleList
        slug={slug}
        siteName={siteName}
        refreshKey={refreshKey + reloads}
        previewAvailable={previewAvailable}
        previewedVersionId={previewedVersion?.id}
        onPreview={(version) => {
          focusBar.current = true;
          setError(undefined);
          setNotice(undefined);
          onPreviewVersion(version);
        }}
        onChanged={() => {
          setReloads((n) => n + 1);
          props.onSchedulesChanged?.();
        }}
      />

      {answer && versions.length === 0 ? (
        <p className={styles.hint}>
          Nothing has been saved or published in the Studio for {siteName} yet: the site is served from its file. Every
          save and publish from now on is listed here.
        </p>
      ) : null}

      {versions.length > 1 ? (
        <form className={history.compare} onSubmit={(event) => void showChanges(event)}>
          <div className={history.pickField}>
            <label htmlFor={`${id}-from`}>Compare version</label>
            <select id={`${id}-from`} value={pair.from} onChange={(e) => pick('from', e.target.value)}>
              {versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {option(v)}
                </option>
              ))}
            </select>
          </div>
          <div className={history.pickField}>
            <label htmlFor={`${id}-to`}>with version</label>
            <select id={`${id}-to`} value={pair.to} onChange={(e) => pick('to', e.target.value)}>
              {versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {option(v)}
                </option>
              ))}
            </select>
          </div>
          {/* aria-disabled, not disabled: the button keeps the focus while the changes load. */}
          <button type="submit" className={styles.button} aria-disabled={busy !== undefined}>
            Show changes
          </button>
        </form>
      ) : null}

      {diff ? (
        <section className={history.changes} aria-labelledby={`${id}-changes`}>
          <h3 id={`${id}-changes`}>
            Changes from version {diff.from} to version {diff.to}
          </h3>
          {diff.entries.length ? (
            <ol className={history.entries}>
              {diff.entries.map((entry, i) => (
                <li key={`${entry.text}\n${i}`} data-area={entry.area || undefined}>
                  <span className={history.entryText}>{entry.text}</span>
                  {entry.details.length ? (
                    <details className={history.details}>
                      <summary>Details ({plural(entry.details.length, 'field change')})</summary>
                      <ul>
                        {entry.details.map((change, k) => (
                          <li key={`${change.pointer}\n${k}`}>
                            <ChangeLine codeClass={history.path} change={change} />
                          </li>
                        ))}
                      </ul>
                    </details>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : (
            <p className={styles.hint}>The two versions are the same.</p>
          )}
        </section>
      ) : null}

      {versions.length ? (
        // Scrolls sideways inside the panel on a narrow screen, so Restore is never cut off.
        <div className={`${styles.tableWrap} ${history.versions}`}>
          <table className={styles.table}>
            <caption>
              Versions of {siteName}, newest first ({plural(versions.length, 'version')})
            </caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">State</th>
                <th scope="col">Author</th>
                <th scope="col">Time</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => {
                const live = v.id === liveId;
                const inPreview = v.id === previewedVersion?.id;
                return (
                  <tr
                    key={v.id}
                    data-version={v.id}
                    className={live ? history.live : inPreview ? history.inPreview : undefined}
                  >
                    <th scope="row">{v.id}</th>
                    <td>
                      {live ? (
                        <strong>Published, live</strong>
                      ) : v.state === 'published' ? (
                        'Published'
                      ) : v.id === answer?.draftVersionId ? (
                        'Draft (current)'
                      ) : (
                        'Draft'
                      )}
                      {scheduleNote(v) ? <span className={history.scheduleTag}>{scheduleNote(v)}</span> : null}
                      {inPreview ? <span className={history.previewTag}>In the preview</span> : null}
                    </td>
                    <td>
                      <Address text={v.author} />
                    </td>
                    <td>
                      <time dateTime={v.createdAt}>{shownTime(v.createdAt)}</time>
                    </td>
                    {/* The button sits under the message, not in a column of its own: the table fits the
                        pane, so nothing scrolls sideways when the button takes the focus (issue 32). */}
                    <td className={history.message}>
                      {v.message || <span className={history.muted}>No message</span>}
                      {v.state === 'published' && !live ? (
                        <button
                          id={`${id}-preview-${v.id}`}
                          type="button"
                          className={`${styles.button} ${styles.secondary}`}
                          aria-disabled={busy !== undefined}
                          onClick={() => {
                            if (!busy) previewVersion(v);
                          }}
                        >
                          {previewAvailable ? `Preview version ${v.id}` : `Restore version ${v.id}…`}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** An e-mail address that may break after its "@" in a narrow column (never in the middle of a word). */
function Address({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
}
