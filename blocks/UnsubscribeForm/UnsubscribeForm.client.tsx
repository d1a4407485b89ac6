'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  normaliseEmail,
  UNSUBSCRIBE_MESSAGES,
  unsubscribedMessage,
  unsubscribeRedirectMessage,
  MAX_EMAIL_LENGTH,
  UNSUBSCRIBE_API_PATH,
} from '../../domain/consent/marketing-consent';
import { buttonClass } from '../../components/ui/button';
import formStyles from '../../components/ui/form.module.css';
import { useHydrated } from '../../components/shopper/use-hydrated';
import styles from './UnsubscribeForm.module.css';

export type UnsubscribeOutcome = 'done' | 'invalid' | 'link' | 'limited' | 'unavailable';

/** The message shown for an outcome a post without JavaScript was redirected with. */
const OUTCOME_ERRORS: Record<Exclude<UnsubscribeOutcome, 'done'>, string> = {
  invalid: UNSUBSCRIBE_MESSAGES.invalidEmail,
  link: UNSUBSCRIBE_MESSAGES.needsLink,
  limited: UNSUBSCRIBE_MESSAGES.tooMany,
  unavailable: UNSUBSCRIBE_MESSAGES.unavailable,
};

export const UNSUBSCRIBE_ENDPOINT = UNSUBSCRIBE_API_PATH;

async function errorOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // Not JSON (a proxy's error page): the general message below says what to do.
  }
  return UNSUBSCRIBE_MESSAGES.unavailable;
}

/**
 * The unsubscribe form, for the address and token of an e-mail's link (issue 30 L7). Without
 * JavaScript it is a plain form post that the route answers with a redirect back here; with it, the
 * post is sent in place, the address is kept on any error, and the confirmation replaces the form and
 * takes focus so a screen reader reads it. Without a token there is no form: the page says to use the
 * link in an e-mail, since an address typed here would be refused.
 */
export function UnsubscribeFormClient({
  siteName,
  initialEmail,
  token,
  initialOutcome,
  submitText,
}: {
  siteName: string;
  initialEmail: string;
  /** The token of the e-mail's link: it unsubscribes `initialEmail` only. */
  token?: string;
  initialOutcome?: UnsubscribeOutcome;
  submitText: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  // 'posted': this page's own post was answered; 'redirected': the ?result=done address, which a link
  // can carry without any post, so it gets the neutral message.
  const [done, setDone] = useState<'posted' | 'redirected' | undefined>(
    initialOutcome === 'done' ? 'redirected' : undefined,
  );
  const [error, setError] = useState(initialOutcome && initialOutcome !== 'done' ? OUTCOME_ERRORS[initialOutcome] : '');
  const confirmation = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;

  useEffect(() => {
    if (done && hydrated) confirmation.current?.focus();
  }, [done, hydrated]);

  if (done)
    return (
      <div ref={confirmation} tabIndex={-1} role="status" className={`${formStyles.alert} ${styles.done}`}>
        <p className={formStyles.alertTitle}>
          {done === 'posted' ? unsubscribedMessage(siteName) : unsubscribeRedirectMessage(siteName)}
        </p>
        <p>You will still get replies to enquiries you send us.</p>
      </div>
    );

  if (!token)
    return error ? (
      <p role="alert" className={formStyles.error}>
        {error}
      </p>
    ) : (
      <p>{UNSUBSCRIBE_MESSAGES.needsLink}</p>
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!normaliseEmail(email)) {
      setError(UNSUBSCRIBE_MESSAGES.invalidEmail);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      const response = await fetch(UNSUBSCRIBE_ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, token }),
      });
      if (response.ok) setDone('posted');
      else {
        setError(await errorOf(response));
        input.current?.focus();
      }
    } catch {
      setError(UNSUBSCRIBE_MESSAGES.unavailable);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={formStyles.form}
      method="post"
      action={UNSUBSCRIBE_ENDPOINT}
      // The browser's own checks work without JavaScript; once it runs, the form's message is shown instead.
      noValidate={hydrated}
      onSubmit={(event) => void submit(event)}
      aria-busy={busy}
    >
      <div className={`${formStyles.field}${error ? ` ${formStyles.invalid}` : ''}`}>
        <label htmlFor={`${id}-email`}>
          Email{' '}
          <span className={formStyles.required} aria-hidden="true">
            *
          </span>
        </label>
        <input
          ref={input}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={MAX_EMAIL_LENGTH}
          // The link's token is for this address only: another one typed here would be refused.
          readOnly
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        />
        {error ? (
          <p id={errorId} className={formStyles.error} role="alert">
            {error}
          </p>
        ) : null}
        <input type="hidden" name="token" value={token} />
      </div>
      <div className={formStyles.actions}>
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {busy ? 'Unsubscribing…' : submitText}
        </button>
      </div>
    </form>
  );
}
