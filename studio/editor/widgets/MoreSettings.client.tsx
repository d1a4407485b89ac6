'use client';
/**
 * "More settings (N)" (issue 32): the settings most sites never change, closed until asked for. A
 * problem among them opens them by itself (the editor can close them again). Used by a group of
 * settings (ObjectFieldTemplate) and by a block's own switch and anchor (PagesEditor).
 */
import { useState, type ReactNode } from 'react';
import styles from './fields.module.css';

export function MoreSettings({
  id,
  count,
  hasProblem,
  describedBy,
  keepMounted = false,
  className,
  children,
}: {
  /** The panel's id. */
  id: string;
  count: number;
  /** A setting inside has a problem: the panel opens. */
  hasProblem: boolean;
  /** The id of the group's title, read with the button. */
  describedBy?: string;
  /** Keep the settings in the page while closed (a half-typed value survives closing). */
  keepMounted?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(hasProblem);
  const [hadProblem, setHadProblem] = useState(hasProblem);
  if (hasProblem !== hadProblem) {
    setHadProblem(hasProblem);
    if (hasProblem) setOpen(true);
  }
  return (
    <>
      <button
        type="button"
        className={styles.moreButton}
        aria-expanded={open}
        aria-controls={id}
        aria-describedby={describedBy}
        onClick={() => setOpen((was) => !was)}
      >
        <span className={styles.moreMarker} aria-hidden="true">
          ▸
        </span>
        {`More settings (${count})`}
      </button>
      <div id={id} className={`${styles.advanced}${className ? ` ${className}` : ''}`} hidden={!open}>
        {open || keepMounted ? children : null}
      </div>
    </>
  );
}
