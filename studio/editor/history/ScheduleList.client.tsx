'use client';
/**
 * The site's scheduled publishes in History (issue 33: "listed in the site list and History,
 * cancellable"): each with its time on the site's clock, its message and author, and what became of
 * it in words (waiting, went live as version N, cancelled by whom, or not published and why, the
 * fields named as the editor names them). A waiting one can be previewed (the preview pane shows the
 * frozen version) and cancelled, after a confirmation that says what cancelling does.
 */
import { useEffect, useId, useState } from 'react';
import type { PreviewedVersion } from '../editor-data';
import { ConfirmDialog } from '../shared/ConfirmDialog.client';
import styles from '../../components/studio.module.css';
import history from './history-panel.module.css';

/** One schedule as GET .../schedules lists it (studio/api/schedule-routes.ts). */
export interface ScheduleRow {
  id: number;
  state: 'scheduled' | 'published' | 'cancelled' | 'not-published';
  publishAt: string;
  message: string;
  author: string;
  createdAt: string;
  versionId: number;
  story: { state: string; when: string; text: string; items: string[] };
}

export interface ScheduleListProps {
  slug: string;
  siteName: string;
  /** Any change reads the list again. */
  refreshKey: number;
  previewAvailable: boolean;
  /** The version the preview pane shows (a waiting schedule's is marked). */
  previewedVersionId: number | undefined;
  onPreview(version: PreviewedVersion): void;
  /** After a cancel: the editor reads its list of waiting publishes again. */
  onChanged(): void;
}

function rowsOf(value: unknown): ScheduleRow[] {
  if (typeof value !== 'object' || value === null) return [];
  const list = (value as { schedules?: unknown }).schedules;
  return Array.isArray(list)
    ? list.filter(
        (row): row is ScheduleRow =>
          typeof row === 'object' &&
          row !== null &&
          typeof (row as ScheduleRow).id === 'number' &&
          typeof (row as ScheduleRow).story?.text === 'string',
      )
    : [];
}

async function read(url: string, init?: RequestInit): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  try {
    const response = await fetch(url, { cache: 'no-store', ...init });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { ok: response.ok, body };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { ok: false, body: { message: 'The Studio could not be reached. Check your connection and try again.' } };
  }
}

const sentence = (body: Record<string, unknown>, fallback: string) =>
  typeof body.message === 'string' && body.message ? body.message : fallback;

export function ScheduleList(props: ScheduleListProps) {
  const { slug, siteName, refreshKey, previewAvailable, previewedVersionId, onPreview, onChanged } = props;
  const id = useId();
  const base = `/api/studio/sites/${encodeURIComponent(slug)}/schedules`;
  const [rows, setRows] = useState<ScheduleRow[] | undefined>();
  const [reloads, setReloads] = useState(0);
  const [confirming, setConfirming] = useState<ScheduleRow | undefined>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; alert: boolean } | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    read(base, { signal: controller.signal })
      .then(({ ok, body }) => {
        if (controller.signal.aborted) return;
        if (ok) setRows(rowsOf(body));
        else setNotice({ text: sentence(body, 'The scheduled publishes could not be read.'), alert: true });
      })
      .catch(() => undefined); // aborted: a newer read is on its way
    return () => controller.abort();
  }, [base, refreshKey, reloads]);

  async function cancel(row: ScheduleRow) {
    setConfirming(undefined);
    setBusy(true);
    const { ok, body } = await read(`${base}/${row.id}`, { method: 'DELETE' });
    setBusy(false);
    setNotice({ text: sentence(body, ok ? 'Cancelled.' : 'It was not cancelled. Try again.'), alert: !ok });
    setReloads((n) => n + 1);
    onChanged();
    window.document.getElementById(`${id}-heading`)?.focus();
  }

  if (!rows?.length && !notice) return null;
  return (
    <section className={history.schedules} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} tabIndex={-1}>
        Scheduled publishes
      </h3>
      {notice ? (
        <p className={notice.alert ? styles.error : history.flush} role={notice.alert ? 'alert' : 'status'}>
          {notice.text}
        </p>
      ) : null}
      {rows?.length ? (
        <div className={`${styles.tableWrap} ${history.versions}`}>
          <table className={styles.table}>
            <caption>
              Publishes set for a time on {siteName}, newest first ({rows.length})
            </caption>
            <thead>
              <tr>
                <th scope="col">Publishes at</th>
                <th scope="col">Message</th>
                <th scope="col">Set by</th>
                <th scope="col">What happened</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const waiting = row.state === 'scheduled';
                return (
                  <tr
                    key={row.id}
                    data-schedule={row.id}
                    className={row.versionId === previewedVersionId ? history.inPreview : undefined}
                  >
                    <th scope="row">
                      <time dateTime={row.publishAt}>{row.story.when}</time>
                    </th>
                    <td>{row.message}</td>
                    <td>{row.author}</td>
                    <td className={history.message}>
                      <strong>{row.story.state}.</strong> {row.story.text}
                      {row.story.items.length ? (
                        <ul className={history.reasons}>
                          {row.story.items.map((item, i) => (
                            <li key={`${item}\n${i}`}>{item}</li>
                          ))}
                        </ul>
                      ) : null}
                      {waiting ? (
                        <span className={history.rowActions}>
                          {previewAvailable ? (
                            <button
                              type="button"
                              className={`${styles.button} ${styles.secondary}`}
                              onClick={() =>
                                onPreview({
                                  id: row.versionId,
                                  createdAt: row.createdAt,
                                  author: row.author,
                                  message: row.message,
                                  scheduledFor: row.story.when,
                                })
                              }
                            >
                              Preview
                              <span className={history.visuallyHidden}> the publish set for {row.story.when}</span>
                            </button>
                          ) : null}
                          <button
                            type="button"
                            className={`${styles.button} ${styles.secondary}`}
                            aria-haspopup="dialog"
                            aria-disabled={busy}
                            onClick={() => {
                              if (!busy) setConfirming(row);
                            }}
                          >
                            Cancel<span className={history.visuallyHidden}> the publish set for {row.story.when}</span>…
                          </button>
                        </span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Cancel this scheduled publish?"
          confirmLabel="Cancel the publish"
          cancelLabel="Keep it"
          onConfirm={() => void cancel(confirming)}
          onCancel={() => setConfirming(undefined)}
        >
          <p>
            ‘{confirming.message}’ will not go live at {confirming.story.when.replace(/ \(.*\)$/, '')}. The public site
            stays as it is. Its changes stay listed in History.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
