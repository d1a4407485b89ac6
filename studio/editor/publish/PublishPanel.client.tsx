'use client';
/**
 * Publish with a message (issue 16), and what a stale publish shows: who published what since this
 * draft was started, field by field, with the choice to publish over it (theirs stays in the
 * history) or keep editing. The draft is never lost: the server keeps it in either case.
 */
import { useId, useState, type FormEvent } from 'react';
import styles from '../editor.module.css';
import { ChangeLine, type ChangeRow } from '../history/ChangeLine';

export interface Conflict {
  message: string;
  current: { versionId: number; author: string; publishedAt: string; message: string };
  changes: ChangeRow[];
  /** Their changes in words, one line per edit (as History tells them); empty when not known. */
  entries: { text: string }[];
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
}

export function PublishPanel({
  canPublish,
  blockedBecause,
  conflict,
  publishedVersionId,
  onPublish,
  onRebase,
}: PublishPanelProps) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
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
        <p id={`${id}-state`} className={styles.publishState}>
          {blockedBecause ?? (message.trim() ? 'Ready to publish.' : 'Say what changed to publish.')}{' '}
          {publishedVersionId
            ? `Live: version ${publishedVersionId}.`
            : 'Live: the site’s file (nothing published in the Studio yet).'}
        </p>
      </form>
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
