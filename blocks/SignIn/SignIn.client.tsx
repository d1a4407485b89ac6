'use client';

import { createContext, useContext, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { fetchAccount, type ShopperAccount } from '../../components/shopper/account';
import { MOBILE_MESSAGE, normaliseMobile, type Country } from '../../domain/accounts/mobile-number';

type Method = 'password' | 'emailCode' | 'smsCode';
type Step =
  | { kind: 'choose' }
  | { kind: 'create' }
  | { kind: 'verifyEmail'; email: string; note: string }
  | { kind: 'emailCode'; email: string }
  | { kind: 'smsCode'; phoneNumber: string }
  | { kind: 'addPhone' }
  | { kind: 'addPhoneCode'; phoneNumber: string }
  | { kind: 'signedIn'; user: ShopperAccount };

export interface SignInPanelProps {
  site: string;
  siteName: string;
  heading: string;
  reason?: string;
  methods: Method[];
  /** The watchlist needs a mobile number on the account (catalogue §6). */
  needsPhone: boolean;
  country: Country;
  redirect: string;
  back: string;
}

const METHOD_LABEL: Record<Method, string> = {
  password: 'Password',
  emailCode: 'Code by e-mail',
  smsCode: 'Code by SMS',
};
const TRY_AGAIN = 'Something went wrong on our side. Please try again in a moment.';

interface AuthAnswer {
  ok: boolean;
  status: number;
  code?: string;
  message?: string;
}

/** One better-auth call: JSON in, `{ code, message }` out on failure. */
async function authCall(path: string, body: Record<string, unknown>): Promise<AuthAnswer> {
  try {
    const response = await fetch(`/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    if (response.status === 429)
      return { ok: false, status: 429, message: 'Too many attempts. Please wait a minute and try again.' };
    return {
      ok: response.ok,
      status: response.status,
      ...(answer.code ? { code: answer.code } : {}),
      ...(answer.message ? { message: answer.message } : {}),
    };
  } catch {
    return { ok: false, status: 0, message: 'We could not reach the site. Check your connection and try again.' };
  }
}

function readFavouriteIds(site: string): number[] {
  try {
    const list = JSON.parse(localStorage.getItem(`favourites:${site}`) ?? '[]') as { id?: unknown }[];
    return list.map((f) => f.id).filter((id): id is number => typeof id === 'number');
  } catch {
    return [];
  }
}

const ERROR_ID = 'sign-in-error';
/** Whether the panel shows an error: every field then points at it, so screen readers read it with the field. */
const ErrorShown = createContext(false);

interface FieldA11y {
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

function Field({
  label,
  children,
  hint,
}: {
  label: string;
  children: (id: string, a11y: FieldA11y) => ReactNode;
  hint?: string;
}) {
  const id = useId();
  const error = useContext(ErrorShown);
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, error ? ERROR_ID : undefined].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children(id, {
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
    </div>
  );
}

export function SignInPanel({
  site,
  siteName,
  heading,
  reason,
  methods,
  needsPhone,
  country,
  redirect,
  back,
}: SignInPanelProps) {
  const [method, setMethod] = useState<Method>(methods[0] ?? 'password');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // Already signed in: offer to go on (or add the missing mobile number).
  useEffect(() => {
    fetchAccount()
      .then(({ user }) => {
        if (user) setStep(user.phoneNumber || !needsPhone ? { kind: 'signedIn', user } : { kind: 'addPhone' });
      })
      .catch(() => undefined);
  }, [needsPhone]);

  // Each new step is announced by moving focus to the heading (keyboard and screen-reader users).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step.kind]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  /** After any sign-in: favourites join the watchlist, a missing mobile is asked for, then on to `redirect`. */
  const afterSignIn = async () => {
    const ids = readFavouriteIds(site);
    if (ids.length) {
      await fetch('/api/watchlist/merge', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ car_ids: ids.slice(0, 100) }),
      }).catch(() => undefined);
    }
    const { user } = await fetchAccount().catch(() => ({ user: null }));
    if (user && !user.phoneNumber) {
      setStep({ kind: 'addPhone' });
      return;
    }
    window.location.assign(redirect);
  };

  const fail = (answer: AuthAnswer, fallback = TRY_AGAIN) => setError(answer.message ?? fallback);

  const submit = (handler: (data: FormData) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void run(() => handler(data));
  };
  const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

  const mobile = (raw: string): string | undefined => {
    const value = normaliseMobile(raw, country);
    if (!value) setError(MOBILE_MESSAGE);
    return value;
  };

  const signInWithPassword = submit(async (data) => {
    const email = text(data, 'email');
    const answer = await authCall('/sign-in/email', { email, password: String(data.get('password') ?? '') });
    if (answer.ok) return afterSignIn();
    if (answer.code === 'EMAIL_NOT_VERIFIED') {
      setStep({
        kind: 'verifyEmail',
        email,
        note: `Your address is not confirmed yet. We have sent a 6-digit code to ${email}.`,
      });
      return;
    }
    fail(answer);
  });

  const createAccount = submit(async (data) => {
    const email = text(data, 'email');
    const answer = await authCall('/sign-up/email', {
      name: text(data, 'name'),
      email,
      password: String(data.get('password') ?? ''),
    });
    if (!answer.ok) return fail(answer);
    setStep({
      kind: 'verifyEmail',
      email,
      note: `We have e-mailed a 6-digit code to ${email}. If you already have an account with this address, the e-mail tells you how to sign in instead.`,
    });
  });

  const verifyEmail = (email: string) =>
    submit(async (data) => {
      const answer = await authCall('/email-otp/verify-email', { email, otp: text(data, 'code') });
      if (answer.ok) return afterSignIn();
      fail(answer);
    });

  const sendEmailCode = submit(async (data) => {
    const email = text(data, 'email');
    const answer = await authCall('/email-otp/send-verification-otp', { email, type: 'sign-in' });
    if (!answer.ok) return fail(answer);
    setStep({ kind: 'emailCode', email });
  });

  const signInWithEmailCode = (email: string) =>
    submit(async (data) => {
      const answer = await authCall('/sign-in/email-otp', { email, otp: text(data, 'code') });
      if (answer.ok) return afterSignIn();
      fail(answer);
    });

  const sendSmsCode = (next: (phoneNumber: string) => Step) =>
    submit(async (data) => {
      const phoneNumber = mobile(text(data, 'phone'));
      if (!phoneNumber) return;
      const answer = await authCall('/phone-number/send-otp', { phoneNumber });
      if (!answer.ok) return fail(answer);
      setStep(next(phoneNumber));
    });

  const verifySms = (phoneNumber: string, addToAccount: boolean) =>
    submit(async (data) => {
      const answer = await authCall('/phone-number/verify', {
        phoneNumber,
        code: text(data, 'code'),
        ...(addToAccount ? { updatePhoneNumber: true } : {}),
      });
      if (!answer.ok) return fail(answer);
      if (addToAccount) window.location.assign(redirect);
      else await afterSignIn();
    });

  const signOut = () =>
    void run(async () => {
      await authCall('/sign-out', {});
      setStep({ kind: 'choose' });
      setNotice('You are signed out.');
    });

  const codeField = (
    <Field label="6-digit code">
      {(id, a11y) => (
        <input
          id={id}
          {...a11y}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
        />
      )}
    </Field>
  );
  const emailField = (
    <Field label="Email">
      {(id, a11y) => <input id={id} {...a11y} name="email" type="email" autoComplete="email" required />}
    </Field>
  );
  const phoneField = (
    <Field label="Mobile number" hint="We text you a 6-digit code.">
      {(id, a11y) => <input id={id} {...a11y} name="phone" type="tel" autoComplete="tel" required />}
    </Field>
  );
  const submitButton = (label: string) => (
    <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
      {busy ? 'Please wait…' : label}
    </button>
  );
  const startOver = (
    <button type="button" className="link-button" onClick={() => setStep({ kind: 'choose' })}>
      Use another way to sign in
    </button>
  );

  let body: ReactNode;
  let title = heading;
  switch (step.kind) {
    case 'choose':
      body = (
        <>
          {methods.length > 1 ? (
            <div className="sign-in__methods" role="group" aria-label="How to sign in">
              {methods.map((m) => (
                <button
                  key={m}
                  type="button"
                  className={`button ${m === method ? 'button--primary' : 'button--outline'}`}
                  aria-pressed={m === method}
                  onClick={() => setMethod(m)}
                >
                  {METHOD_LABEL[m]}
                </button>
              ))}
            </div>
          ) : null}
          {method === 'password' ? (
            <form className="sign-in__form" onSubmit={signInWithPassword}>
              {emailField}
              <Field label="Password">
                {(id, a11y) => (
                  <input id={id} {...a11y} name="password" type="password" autoComplete="current-password" required />
                )}
              </Field>
              {submitButton('Sign in')}
              <p>
                New here?{' '}
                <button type="button" className="link-button" onClick={() => setStep({ kind: 'create' })}>
                  Create an account
                </button>
              </p>
            </form>
          ) : method === 'emailCode' ? (
            <form className="sign-in__form" onSubmit={sendEmailCode}>
              {emailField}
              {submitButton('Email me a code')}
            </form>
          ) : (
            <form className="sign-in__form" onSubmit={sendSmsCode((phoneNumber) => ({ kind: 'smsCode', phoneNumber }))}>
              {phoneField}
              {submitButton('Text me a code')}
            </form>
          )}
        </>
      );
      break;
    case 'create':
      title = `Create your ${siteName} account`;
      body = (
        <form className="sign-in__form" onSubmit={createAccount}>
          <Field label="Name">
            {(id, a11y) => <input id={id} {...a11y} name="name" autoComplete="name" required />}
          </Field>
          {emailField}
          <Field label="Password" hint="At least 8 characters.">
            {(id, a11y) => (
              <input
                id={id}
                {...a11y}
                name="password"
                type="password"
                autoComplete="new-password"
                minLength={8}
                required
              />
            )}
          </Field>
          {submitButton('Create account')}
          {startOver}
        </form>
      );
      break;
    case 'verifyEmail':
      title = 'Check your e-mail';
      body = (
        <form className="sign-in__form" onSubmit={verifyEmail(step.email)}>
          <p>{step.note}</p>
          {codeField}
          {submitButton('Confirm')}
          {startOver}
        </form>
      );
      break;
    case 'emailCode':
      title = 'Check your e-mail';
      body = (
        <form className="sign-in__form" onSubmit={signInWithEmailCode(step.email)}>
          <p>We have sent a 6-digit code to {step.email}. It expires in 10 minutes.</p>
          {codeField}
          {submitButton('Sign in')}
          {startOver}
        </form>
      );
      break;
    case 'smsCode':
      title = 'Check your phone';
      body = (
        <form className="sign-in__form" onSubmit={verifySms(step.phoneNumber, false)}>
          <p>We have texted a 6-digit code to {step.phoneNumber}. It expires in 10 minutes.</p>
          {codeField}
          {submitButton('Sign in')}
          {startOver}
        </form>
      );
      break;
    case 'addPhone':
      title = 'Add your mobile number';
      body = (
        <form
          className="sign-in__form"
          onSubmit={sendSmsCode((phoneNumber) => ({ kind: 'addPhoneCode', phoneNumber }))}
        >
          <p>
            {needsPhone
              ? 'Your watchlist is kept under your mobile number.'
              : 'Add a mobile number so we can reach you about the cars you save.'}
          </p>
          {phoneField}
          {submitButton('Text me a code')}
          {needsPhone ? null : (
            <a className="link-button" href={redirect}>
              Skip for now
            </a>
          )}
        </form>
      );
      break;
    case 'addPhoneCode':
      title = 'Check your phone';
      body = (
        <form className="sign-in__form" onSubmit={verifySms(step.phoneNumber, true)}>
          <p>We have texted a 6-digit code to {step.phoneNumber}.</p>
          {codeField}
          {submitButton('Confirm mobile number')}
        </form>
      );
      break;
    case 'signedIn':
      title = `You are signed in as ${step.user.name}`;
      body = (
        <div className="sign-in__form">
          <a className="button button--primary" href={redirect}>
            Continue
          </a>
          <button type="button" className="button button--outline" onClick={signOut} disabled={busy}>
            Sign out
          </button>
        </div>
      );
      break;
  }

  return (
    <div className="sign-in">
      <p>
        <a className="link-button" href={back}>
          <span aria-hidden="true">‹ </span>Back
        </a>
      </p>
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {reason && step.kind !== 'signedIn' ? <p className="sign-in__reason">{reason}</p> : null}
      {notice ? <p role="status">{notice}</p> : null}
      {error ? (
        <p className="sign-in__error" role="alert" id={ERROR_ID}>
          {error}
        </p>
      ) : null}
      <ErrorShown.Provider value={error !== null}>{body}</ErrorShown.Provider>
    </div>
  );
}
