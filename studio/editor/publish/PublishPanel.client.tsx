'use client';
/**
 * Publish with a message (issue 16), and what a stale publish shows: who published what since this
 * draft was started, field by field, with the choice to publish over it (theirs stays in the
 * history) or keep editing. The draft is never lost: the server keeps it in either case.
 * "Publish later…" (issue 33) sets the same message and draft to go live at a date and time on the
 * site's clock; the publishes waiting are listed under it, with a way to History to cancel them.
 */
import { useId, useState, type FormEvent } from 'react';
import styles from '../editor.module.css';
import { ChangeLine, type ChangeRow } from '../history/ChangeLine';
import { timeZoneName } from '../../../domain/studio/live-dates';
import { wallTimeOf } from '../../../domain/studio/scheduled-publish';

export interface Conflict {
  message: string;
  current: { versionId: number; author: string; publishedAt: string; message: string };
  changes: ChangeRow[];
  /** Their changes in words, one line per edit (as History tells them); empty when not known. */
  entries: { text: string }[];
}

/** A publish waiting for its time, as the panel lists it. */
export interface WaitingSchedule {
  id: number;
  /** "Sun 6 Dec, 6:00 am, Sydney time (in 8 days)". */
  when: string;
  message: string;
  /** ISO instant. */
  publishAt: string;
}

export interface PublishPanelProps {
  canPublish: boolean;
  /** Why Publish is disabled, in a sentence. */
  blockedBecause: string | undefined;
  conflict: Conflict | null;
  publishedVersionId: number | null;
  /** Publishes; answers undefined on success, else the server's sentence. */
  onPublish: (message: string) => Promise<string | undefined>;
  onRebase: () => void;
  /** The site's time zone (IANA): the clock the time to publish at is read on. */
  timeZone: string;
  /** Schedules the draft; answers undefined on success, else the server's sentence. */
  onSchedule: (message: string, publishAt: string) => Promise<string | undefined>;
  /** The publishes waiting for their time. */
  scheduled: readonly WaitingSchedule[];
  /** Opens History, where schedules are previewed and cancelled. */
  onShowHistory: () => void;
}

export function PublishPanel({
  canPublish,
  blockedBecause,
  conflict,
  publishedVersionId,
  onPublish,
  onRebase,
  timeZone,
  onSchedule,
  scheduled,
  onShowHistory,
}: PublishPanelProps) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [later, setLater] = useState(false);
  const [publishAt, setPublishAt] = useState('');
  // The earliest time offered: the site's clock when "Publish later…" was opened.
  const [earliest, setEarliest] = useState('');
  const schedule = async () => {
    if (!canPublish || busy || !message.trim() || !publishAt) return;
    setBusy(true);
    setRefusal(null);
    const problem = await onSchedule(message.trim(), publishAt);
    setBusy(false);
    if (problem) setRefusal(problem);
    else {
      setMessage('');
      setPublishAt('');
      setLater(false);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canPublish || busy || !message.trim()) return;
    setBusy(true);
    setRefusal(null);
    const problem = await onPublish(message.trim());
    setBusy(false);
    if (problem) setRefusal(problem);
    else setMessage('');
  };
  const disabled = !canPublish || busy || !message.trim();
  return (
    <section className={styles.publish} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.visuallyHidden}>
        Publish
      </h2>
      <form onSubmit={submit} className={styles.publishForm}>
        <label htmlFor={`${id}-message`}>What changed (shown in the history)</label>
        <input
          id={`${id}-message`}
          value={message}
          maxLength={200}
          onChange={(event) => setMessage(event.target.value)}
          aria-describedby={`${id}-state`}
        />
        <button type="submit" className={styles.primary} disabled={disabled} aria-describedby={`${id}-state`}>
          {busy ? 'Publishing…' : 'Publish'}
        </button>
        <button
          type="button"
          className={styles.secondary}
          aria-expanded={later}
          aria-controls={`${id}-later`}
          onClick={() => {
            setEarliest(wallTimeOf(new Date(), timeZone));
            setLater((open) => !open);
          }}
        >
          Publish later…
        </button>
        {later ? (
          <div id={`${id}-later`} className={styles.publishLater}>
            <label htmlFor={`${id}-at`}>Publish at ({timeZoneName(timeZone)})</label>
            <input
              id={`${id}-at`}
              type="datetime-local"
              value={publishAt}
              min={earliest}
              onChange={(event) => setPublishAt(event.target.value)}
              aria-describedby={`${id}-later-hint`}
            />
            <button
              type="button"
              className={styles.primary}
              disabled={disabled || !publishAt}
              onClick={() => void schedule()}
              aria-describedby={`${id}-later-hint`}
            >
              {busy ? 'Scheduling…' : 'Schedule publish'}
            </button>
            <p id={`${id}-later-hint`} className={styles.publishState}>
              {publishAt ? '' : 'Choose the date and time. '}Your changes go live then, with the message above. Until
              then the public site stays as it is and the editor shows it as it is live; History lists the schedule,
              where you can preview or cancel it.
            </p>
          </div>
        ) : null}
        <p id={`${id}-state`} className={styles.publishState}>
          {blockedBecause ?? (message.trim() ? 'Ready to publish.' : 'Say what changed to publish.')}{' '}
          {publishedVersionId
            ? `Live: version ${publishedVersionId}.`
            : 'Live: the site’s file (nothing published in the Studio yet).'}
        </p>
      </form>
      {scheduled.length ? (
        <div className={styles.waiting}>
          <p className={styles.flush}>
            {scheduled.length === 1 ? 'A publish is scheduled:' : `${scheduled.length} publishes are scheduled:`}
          </p>
          <ul>
            {scheduled.map((s) => (
              <li key={s.id}>
                ‘{s.message}’ publishes {s.when}.
              </li>
            ))}
          </ul>
          <button type="button" className={styles.linkButton} onClick={onShowHistory}>
            Preview or cancel in History
          </button>
        </div>
      ) : null}
      {refusal && !conflict ? (
        <p className={styles.error} role="alert">
          {refusal}
        </p>
      ) : null}
      {conflict ? (
        <div className={styles.conflict} role="alert" aria-labelledby={`${id}-conflict`}>
          <h3 id={`${id}-conflict`}>Someone published while you were editing</h3>
          <p>{conflict.message}</p>
          <p>
            Version {conflict.current.versionId} by {conflict.current.author}: “{conflict.current.message}”. What they
            changed:
          </p>
          <ul>
            {conflict.entries.length
              ? conflict.entries.map((entry, index) => <li key={`${entry.text}-${index}`}>{entry.text}</li>)
              : conflict.changes.map((c, index) => (
                  <li key={`${c.pointer}-${index}`}>
                    <ChangeLine change={c} />
                  </li>
                ))}
          </ul>
          <p>
            Your draft is kept. Publishing it over their version replaces these changes; their version stays in the
            history.
          </p>
          <button type="button" className={styles.secondary} onClick={onRebase}>
            Continue from version {conflict.current.versionId}
          </button>
        </div>
      ) : null}
    </section>
  );
}
