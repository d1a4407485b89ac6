'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import type { EnquiryFormProps } from '../EnquiryForm/EnquiryForm.client';
import { buttonClass } from '../../components/ui/button';
import styles from './FormModalButton.module.css';

// The form and its validator load when the dialog first opens, not with the page.
const EnquiryFormClient = dynamic(() => import('../EnquiryForm/EnquiryForm.client').then((m) => m.EnquiryFormClient), {
  ssr: false,
  loading: () => <p className="form-dialog__loading">Loading the form…</p>,
});

export interface FormDialogProps extends Omit<EnquiryFormProps, 'onSuccess'> {
  label: string;
  style: 'primary' | 'secondary' | 'outline';
  /** Heading of the dialog (default: the form's title). */
  dialogTitle?: string;
  /** Read after the label by screen readers when many buttons share it (e.g. the location's name). */
  labelContext?: string;
  /** Opens the dialog whenever it changes to a new positive number (e.g. the calculator's first use). */
  openSignal?: number;
}

/** A button opening a form in a modal <dialog> (focus is held inside; Escape closes it). */
export function FormDialog({ label, style, dialogTitle, labelContext, openSignal = 0, ...formProps }: FormDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (openSignal > 0 && !dialog.current?.open) {
      setOpened(true);
      dialog.current?.showModal();
    }
  }, [openSignal]);
  const headingId = `${formProps.form.name}-dialog-heading${formProps.locationId ?? ''}`;
  return (
    <>
      <button
        type="button"
        className={buttonClass(style)}
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          dialog.current?.showModal();
        }}
      >
        {label}
        {labelContext ? <span className="visually-hidden"> – {labelContext}</span> : null}
      </button>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby={headingId}>
        <div className={styles.bar}>
          <h2 id={headingId}>{dialogTitle ?? formProps.form.title}</h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={() => dialog.current?.close()}>
            ×
          </button>
        </div>
        {formProps.car ? <p className={styles.about}>{formProps.car.name}</p> : null}
        {opened ? <EnquiryFormClient {...formProps} onSuccess={() => dialog.current?.close()} /> : null}
      </dialog>
    </>
  );
}
