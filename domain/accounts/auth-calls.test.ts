import { describe, expect, it } from 'vitest';
import { authCallRefusal, callIdentifier } from './auth-calls';

const all = ['password', 'emailCode', 'smsCode'] as const;

describe('account calls a site answers', () => {
  it('answers the sign-in page calls for the offered methods and nothing else of the library', () => {
    expect(authCallRefusal({ path: '/sign-in/email', body: {}, signedIn: false, methods: all })).toBeUndefined();
    expect(authCallRefusal({ path: '/delete-user', body: {}, signedIn: true, methods: all })?.status).toBe(404);
    expect(authCallRefusal({ path: '/sign-in/phone-number', body: {}, signedIn: false, methods: all })?.status).toBe(
      404,
    );
    expect(
      authCallRefusal({ path: '/sign-in/email-otp', body: {}, signedIn: false, methods: ['password'] })?.status,
    ).toBe(404);
    expect(
      authCallRefusal({
        path: '/email-otp/send-verification-otp',
        body: { type: 'sign-in' },
        signedIn: false,
        methods: ['password'],
      })?.status,
    ).toBe(404);
    expect(
      authCallRefusal({
        path: '/email-otp/send-verification-otp',
        body: { type: 'email-verification' },
        signedIn: false,
        methods: ['password'],
      }),
    ).toBeUndefined();
  });
  it('lets a signed-in shopper add a mobile number on a site without SMS sign-in, but not sign in by SMS there', () => {
    const methods = ['password'] as const;
    expect(authCallRefusal({ path: '/phone-number/send-otp', body: {}, signedIn: true, methods })).toBeUndefined();
    expect(
      authCallRefusal({ path: '/phone-number/verify', body: { updatePhoneNumber: true }, signedIn: true, methods }),
    ).toBeUndefined();
    expect(authCallRefusal({ path: '/phone-number/verify', body: {}, signedIn: false, methods })?.status).toBe(404);
  });
  it('refuses the stand-in addresses of SMS accounts', () => {
    expect(
      authCallRefusal({
        path: '/sign-up/email',
        body: { email: '61412345678@phone.invalid' },
        signedIn: false,
        methods: all,
      }),
    ).toEqual({ status: 400, message: 'Enter your own e-mail address.' });
  });
  it('names the address or number a call is about', () => {
    expect(callIdentifier('/phone-number/send-otp', { phoneNumber: '+61412345678' })).toBe('+61412345678');
    expect(callIdentifier('/sign-in/email', { email: ' A@Example.com' })).toBe('a@example.com');
  });
});
