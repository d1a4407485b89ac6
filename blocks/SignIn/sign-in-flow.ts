/**
 * What the sign-in steps share: the steps themselves, and the panel's handles each step uses to
 * run its form, report a failure and move on.
 */
import type { FormEvent } from 'react';
import type { ShopperAccount } from '../../components/shopper/account';
import type { Country } from '../../domain/accounts/mobile-number';
import type { AuthAnswer } from '../../components/shopper/auth-client';

export type Method = 'password' | 'emailCode' | 'smsCode';

export type Step =
  | { kind: 'choose' }
  | { kind: 'create' }
  | { kind: 'verifyEmail'; email: string; note: string }
  | { kind: 'emailCode'; email: string }
  | { kind: 'smsCode'; phoneNumber: string }
  | { kind: 'addPhone' }
  | { kind: 'addPhoneCode'; phoneNumber: string }
  | { kind: 'signedIn'; user: ShopperAccount };

export const TRY_AGAIN = 'Something went wrong on our side. Please try again in a moment.';

export interface SignInFlow {
  /** A call is under way: submit buttons are disabled. */
  busy: boolean;
  /** A form's submit handler: its work runs with the panel busy and the last error cleared. */
  submit: (work: (data: FormData) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => void;
  /** Runs work that is not a form's (signing out) the same way. */
  run: (work: () => Promise<void>) => void;
  go: (step: Step) => void;
  /** Shows the answer's message, or `fallback` when it has none. */
  fail: (answer: AuthAnswer, fallback?: string) => void;
  setError: (message: string) => void;
  setNotice: (message: string) => void;
  /** After any sign-in: favourites join the watchlist, a missing mobile is asked for, then on to `redirect`. */
  afterSignIn: () => Promise<void>;
  redirect: string;
  country: Country;
}

/** A text field's value, trimmed. */
export function formText(data: FormData, name: string): string {
  return String(data.get(name) ?? '').trim();
}

/** A password exactly as typed. */
export function formPassword(data: FormData): string {
  return String(data.get('password') ?? '');
}
