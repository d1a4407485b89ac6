'use client';

/**
 * The sign-in panel: which step the shopper is on, the heading that takes focus when the step
 * changes, and the error and notice every step shares. Each step is its own component (the form
 * and the account call behind it); they reach the panel through the SignInFlow handles.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fetchAccount } from '../../components/shopper/account';
import { favouritesAtom, isRecord } from '../../components/shopper/store';
import { linkButtonClass } from '../../components/ui/button';
import type { Country } from '../../domain/accounts/mobile-number';
import { AddPhone } from './AddPhone';
import { AddPhoneCode } from './AddPhoneCode';
import { ChooseMethod } from './ChooseMethod';
import { CreateAccount } from './CreateAccount';
import { EmailCodeSignIn } from './EmailCodeSignIn';
import { SignedIn } from './SignedIn';
import { ERROR_ID, ErrorShown } from './SignInFields';
import { SmsCodeSignIn } from './SmsCodeSignIn';
import { VerifyEmail } from './VerifyEmail';
import { TRY_AGAIN, type Method, type SignInFlow, type Step } from './sign-in-flow';
import styles from './SignIn.module.css';

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

/** The ids of the cars kept in the browser's favourites; an entry stored in another shape has none. */
function favouriteIds(favourites: readonly unknown[]): number[] {
  return favourites.flatMap((f) => (isRecord(f) && typeof f.id === 'number' ? [f.id] : []));
}

function stepTitle(step: Step, heading: string, siteName: string): string {
  switch (step.kind) {
    case 'choose':
      return heading;
    case 'create':
      return `Create your ${siteName} account`;
    case 'verifyEmail':
    case 'emailCode':
      return 'Check your e-mail';
    case 'smsCode':
    case 'addPhoneCode':
      return 'Check your phone';
    case 'addPhone':
      return 'Add your mobile number';
    case 'signedIn':
      return `You are signed in as ${step.user.name}`;
  }
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
  // The favourites kept in this browser (the shopper store), moved to the watchlist after signing in.
  const favourites = useAtomValue(useMemo(() => favouritesAtom(site), [site]));

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

  const flow: SignInFlow = {
    busy,
    submit: (work) => (event) => {
      event.preventDefault();
      const data = new FormData(event.currentTarget);
      void run(() => work(data));
    },
    run: (work) => void run(work),
    go: setStep,
    fail: (answer, fallback = TRY_AGAIN) => setError(answer.message ?? fallback),
    setError,
    setNotice,
    afterSignIn: async () => {
      const ids = favouriteIds(favourites);
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
    },
    redirect,
    country,
  };

  return (
    <div className={styles.panel}>
      <p>
        <a className={linkButtonClass} href={back}>
          <span aria-hidden="true">‹ </span>Back
        </a>
      </p>
      <h1 ref={headingRef} tabIndex={-1}>
        {stepTitle(step, heading, siteName)}
      </h1>
      {reason && step.kind !== 'signedIn' ? <p>{reason}</p> : null}
      {notice ? <p role="status">{notice}</p> : null}
      {error ? (
        <p className={styles.error} role="alert" id={ERROR_ID}>
          {error}
        </p>
      ) : null}
      <ErrorShown.Provider value={error !== null}>
        {step.kind === 'choose' ? (
          <ChooseMethod flow={flow} methods={methods} method={method} onMethod={setMethod} />
        ) : step.kind === 'create' ? (
          <CreateAccount flow={flow} />
        ) : step.kind === 'verifyEmail' ? (
          <VerifyEmail flow={flow} email={step.email} note={step.note} />
        ) : step.kind === 'emailCode' ? (
          <EmailCodeSignIn flow={flow} email={step.email} />
        ) : step.kind === 'smsCode' ? (
          <SmsCodeSignIn flow={flow} phoneNumber={step.phoneNumber} />
        ) : step.kind === 'addPhone' ? (
          <AddPhone flow={flow} needsPhone={needsPhone} />
        ) : step.kind === 'addPhoneCode' ? (
          <AddPhoneCode flow={flow} phoneNumber={step.phoneNumber} />
        ) : (
          <SignedIn flow={flow} />
        )}
      </ErrorShown.Provider>
    </div>
  );
}
