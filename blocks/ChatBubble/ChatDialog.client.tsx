'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ChatCar } from '../../components/shopper/chat-events';
import { buttonClass } from '../../components/ui/button';
import formStyles from '../../components/ui/form.module.css';
import { EMAIL_MESSAGE, ERROR_SUMMARY_HEADING, SUBMIT_FAILED_MESSAGE } from '../../domain/forms/form-messages';
import { HONEYPOT_FIELD } from '../../domain/forms/lead-envelope';
import { CONTACT_NEEDED_MESSAGE } from '../../domain/messaging';
import type { BubbleProps, ChatField } from './ChatBubble.client';
import styles from './ChatBubble.module.css';

export const MESSAGES_API = '/api/messages';
export const SENT_TEXT = 'Message sent. The team will reply as soon as they can.';

type Values = Record<ChatField['name'], string>;
type FieldErrors = Partial<Record<string, string>>;
interface Sent {
  text: string;
  reply?: { label: string; text: string };
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The checks the server makes too, with its messages, so most mistakes are caught before sending. */
export function checkChat(fields: readonly ChatField[], values: Values): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of fields) if (f.required && !values[f.name].trim()) errors[f.name] = `${f.label} is required.`;
  if (values.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = EMAIL_MESSAGE;
  if (!values.phone.trim() && !values.email.trim()) errors.phone ??= CONTACT_NEEDED_MESSAGE;
  return errors;
}

/**
 * The message dialog (conversion §4.8): a modal dialog (the rest of the page is inert, Escape
 * closes it), labelled by its heading, with the form's messages; sends to /api/messages with the
 * page's car, retrying with the same key so nothing is stored twice.
 */
export default function ChatDialog({
  title,
  submitText,
  dealer,
  fields,
  car,
  onClose,
}: BubbleProps & { car: ChatCar | undefined; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const key = useRef<string | undefined>(undefined);
  const id = useId();
  const [values, setValues] = useState<Values>({ name: '', phone: '', email: '', message: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent | undefined>(undefined);
  const trap = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // showModal makes the page behind inert and closes on Escape; without it (old browsers), open in place.
    if (typeof element.showModal === 'function' && !element.open) element.showModal();
    else element.setAttribute('open', '');
    // React's autoFocus is not an attribute showModal sees: start at the first field, not the close button.
    element.querySelector<HTMLElement>('input:not([tabindex="-1"]), textarea')?.focus();
    return () => {
      if (element.open && typeof element.close === 'function') element.close();
    };
  }, []);

  const errorList = fields.filter((f) => errors[f.name]).map((f) => ({ name: f.name, message: errors[f.name] ?? '' }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkChat(fields, values);
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length) {
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    key.current ??= newKey();
    setSending(true);
    try {
      const response = await fetch(MESSAGES_API, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          idempotencyKey: key.current,
          ...values,
          ...(car ? { car_id: car.id } : {}),
          page_url: window.location.href,
          [HONEYPOT_FIELD]: trap.current?.value ?? '',
        }),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        success?: boolean;
        error?: string;
        field_errors?: { field: string; message: string }[];
        reply?: { label: string; text: string };
      };
      if (answer.success) {
        setSent({ text: values.message, ...(answer.reply ? { reply: answer.reply } : {}) });
        key.current = undefined;
        return;
      }
      if (answer.field_errors?.length) {
        setErrors(Object.fromEntries(answer.field_errors.map((e) => [e.field, e.message])));
        requestAnimationFrame(() => summary.current?.focus());
      }
      setFailure(answer.error ?? SUBMIT_FAILED_MESSAGE);
    } catch {
      // Nothing was lost: the text stays in the form and a retry reuses the key.
      setFailure(`${SUBMIT_FAILED_MESSAGE}. Please check your connection and send it again.`);
    } finally {
      setSending(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onKeyDown={(event) => {
        // The native dialog closes on Escape itself; this covers the fallback without showModal.
        if (event.key === 'Escape' && typeof dialog.current?.showModal !== 'function') onClose();
      }}
    >
      <div className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} aria-label="Close messages" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {car ? <p className={styles.about}>About: {car.title}</p> : null}
      {sent ? (
        <div className={styles.thread}>
          <p className={styles.mine}>
            <span className="visually-hidden">You: </span>
            {sent.text}
          </p>
          <p role="status">{SENT_TEXT}</p>
          {sent.reply ? (
            <p className={styles.reply}>
              <strong className={styles.replyLabel}>{sent.reply.label}</strong> {sent.reply.text}
            </p>
          ) : null}
          <button type="button" className={buttonClass('primary')} onClick={onClose} autoFocus>
            Close
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} aria-describedby={`${id}-intro`}>
          <p id={`${id}-intro`} className={styles.intro}>
            {`Send ${dealer} a message. Leave a phone number or an email address so we can reply.`}
          </p>
          {errorList.length ? (
            <div className={formStyles.errors} role="alert" tabIndex={-1} ref={summary}>
              <p className={formStyles.errorsHeading}>{ERROR_SUMMARY_HEADING}</p>
              <ul>
                {errorList.map((e) => (
                  <li key={e.name}>
                    <a href={`#${id}-${e.name}`}>{e.message}</a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {failure && !errorList.length ? (
            <div className={`${formStyles.alert} ${formStyles.alertError}`} role="alert">
              <p>{failure}</p>
            </div>
          ) : null}
          <div className={styles.fields}>
            {fields.map((f, index) => {
              const error = errors[f.name];
              const common = {
                id: `${id}-${f.name}`,
                name: f.name,
                value: values[f.name],
                required: f.required,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? `${id}-${f.name}-error` : undefined,
                ...(f.maxLength ? { maxLength: f.maxLength } : {}),
                ...(f.autocomplete ? { autoComplete: f.autocomplete } : {}),
                ...(index === 0 ? { autoFocus: true } : {}),
              };
              const onChange = (value: string) => setValues((v) => ({ ...v, [f.name]: value }));
              return (
                <div key={f.name} className={`${formStyles.field}${error ? ` ${formStyles.invalid}` : ''}`}>
                  <label htmlFor={common.id}>
                    {f.label}
                    {f.required ? <span className={formStyles.required}> (required)</span> : null}
                  </label>
                  {f.name === 'message' ? (
                    <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
                  ) : (
                    <input
                      {...common}
                      type={f.name === 'email' ? 'email' : f.name === 'phone' ? 'tel' : 'text'}
                      onChange={(e) => onChange(e.target.value)}
                    />
                  )}
                  {error ? (
                    <p id={`${id}-${f.name}-error`} className={formStyles.error}>
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
            <div className={formStyles.trap} aria-hidden="true">
              <label htmlFor={`${id}-trap`}>Company website</label>
              <input ref={trap} id={`${id}-trap`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
            </div>
          </div>
          <button type="submit" className={buttonClass('primary')} disabled={sending} aria-busy={sending}>
            {sending ? 'Sending…' : submitText}
          </button>
        </form>
      )}
    </dialog>
  );
}
