'use client';

/**
 * The Studio's sign-in form: e-mail and password, or a code by e-mail (ask for a code, then enter
 * it). The only script the Studio ships. Errors are announced (role="alert"), and the focus moves to
 * the code field when the code has been sent.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { sendSignInCode, signInWithCode, signInWithPassword, type StaffAnswer } from './staff-auth-client';
import styles from './studio.module.css';

type Method = 'password' | 'code';
const noSubscription = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;
type Step = 'details' | 'code';

export function SignInForm({ next }: { next: string }) {
  const id = useId();
  const [method, setMethod] = useState<Method>('password');
  const [step, setStep] = useState<Step>('details');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const codeField = useRef<HTMLInputElement>(null);
  // Until the script runs the form cannot be sent: a plain submit would post the password to the page.
  const ready = useSyncExternalStore(noSubscription, inBrowser, onServer);

  useEffect(() => {
    if (step === 'code') codeField.current?.focus();
  }, [step]);

  async function run(action: () => Promise<StaffAnswer>, then: () => void) {
    setBusy(true);
    setError(undefined);
    const answer = await action();
    if (answer.ok) then();
    else {
      setError(answer.message);
      setBusy(false);
    }
  }
  // A full page load: the pages are rendered on the server for the session just made.
  const enter = () => window.location.assign(next);

  function submitDetails(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (method === 'password') void run(() => signInWithPassword(email.trim(), password), enter);
    else
      void run(
        () => sendSignInCode(email.trim()),
        () => {
          setBusy(false);
          setStep('code');
        },
      );
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(() => signInWithCode(email.trim(), code.trim()), enter);
  }

  const errorBox = error ? (
    <p className={styles.error} role="alert">
      {error}
    </p>
  ) : null;

  if (step === 'code')
    return (
      <form className={styles.form} method="post" onSubmit={submitCode} aria-busy={busy} noValidate>
        <h2>Check your e-mail</h2>
        <p className={styles.hint}>
          If {email.trim()} has a Studio account, a 6-digit code is on its way. It expires in 10 minutes.
        </p>
        {errorBox}
        <div className={styles.field}>
          <label htmlFor={`${id}-code`}>6-digit code</label>
          <input
            ref={codeField}
            id={`${id}-code`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <button type="submit" className={styles.button} disabled={busy || !ready}>
          Sign in
        </button>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            setStep('details');
            setCode('');
            setError(undefined);
          }}
        >
          Use another address or ask for a new code
        </button>
      </form>
    );

  return (
    <form className={styles.form} method="post" onSubmit={submitDetails} aria-busy={busy} noValidate>
      <fieldset className={styles.field}>
        <legend>How do you want to sign in?</legend>
        <label className={styles.choice}>
          <input
            type="radio"
            name="method"
            value="password"
            checked={method === 'password'}
            onChange={() => setMethod('password')}
          />
          With my password
        </label>
        <label className={styles.choice}>
          <input
            type="radio"
            name="method"
            value="code"
            checked={method === 'code'}
            onChange={() => setMethod('code')}
          />
          With a code by e-mail
        </label>
      </fieldset>
      {errorBox}
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>E-mail address</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      {method === 'password' ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
      ) : null}
      <button type="submit" className={styles.button} disabled={busy || !ready}>
        {method === 'password' ? 'Sign in' : 'E-mail me a code'}
      </button>
    </form>
  );
}
