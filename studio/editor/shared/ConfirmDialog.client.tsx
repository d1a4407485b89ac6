'use client';
/**
 * The Studio's confirmation for an action that cannot simply be taken back (issue 32: Restore,
 * Discard draft): a modal dialog that says in a sentence or two what will happen, with the action's
 * own name on its button and a way out. Focus starts on the way out (a stray Enter changes nothing),
 * Escape or a click outside cancels, and the dialog is closed before the caller moves the focus on
 * (while it is open, the rest of the page is inert).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import studio from '../../components/studio.module.css';
import css from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The action's own words: "Restore and publish", "Discard draft". */
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    cancel.current?.focus();
    return () => {
      if (element.open && typeof element.close === 'function') element.close();
    };
  }, []);
  const finish = (then: () => void) => {
    const element = dialog.current;
    if (element?.open && typeof element.close === 'function') element.close();
    then();
  };
  return (
    <dialog
      ref={dialog}
      className={css.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        // Escape: the caller closes it, so its state and the dialog agree.
        event.preventDefault();
        finish(onCancel);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) finish(onCancel);
      }}
      onKeyDown={(event) => {
        // Escape where the browser sends no cancel event (an old engine, a test's DOM).
        if (event.key === 'Escape') {
          event.preventDefault();
          finish(onCancel);
        }
      }}
    >
      <div className={css.inner}>
        <h2 id={`${id}-title`} className={css.title}>
          {title}
        </h2>
        <div id={`${id}-text`} className={css.text}>
          {children}
        </div>
        <div className={css.actions}>
          <button type="button" className={studio.button} onClick={() => finish(onConfirm)}>
            {confirmLabel}
          </button>
          <button
            ref={cancel}
            type="button"
            className={`${studio.button} ${studio.secondary}`}
            onClick={() => finish(onCancel)}
          >
            {cancelLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
