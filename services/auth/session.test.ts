import { describe, expect, it } from 'vitest';
import { hasSessionCookie } from './session';

const withCookie = (cookie: string) => new Headers({ cookie });

describe('hasSessionCookie (better-auth getSessionCookie with the server cookie prefix)', () => {
  it('finds the session cookie by the name the server sets, plain or __Secure-', () => {
    expect(hasSessionCookie(withCookie('theme=dark; account.session_token=abc.def'))).toBe(true);
    expect(hasSessionCookie(withCookie('__Secure-account.session_token=abc.def'))).toBe(true);
  });

  it('ignores other cookies, another prefix, a name that only ends like it, and an empty value', () => {
    expect(hasSessionCookie(new Headers())).toBe(false);
    expect(hasSessionCookie(withCookie('better-auth.session_token=abc'))).toBe(false);
    expect(hasSessionCookie(withCookie('myaccount.session_token=abc'))).toBe(false);
    expect(hasSessionCookie(withCookie('account.session_token='))).toBe(false);
  });
});
