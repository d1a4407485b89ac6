// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_MESSAGE } from '../../domain/accounts/mobile-number';
import { SignInPanel, type SignInPanelProps } from './SignIn.client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Call {
  path: string;
  body: unknown;
}
type Answer = (body: unknown) => Response;

/** The site's answers by path; each test sets its own. One fetch stub for the whole file: the page's client keeps it. */
let answers: Record<string, Answer> = {};
const calls: Call[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(input), window.location.href).pathname;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ path, body });
    return (answers[path] ?? (() => Response.json({})))(body);
  }),
);

const signedOut: Answer = () => Response.json({ user: null });
const props: SignInPanelProps = {
  site: 'harbour-city-mazda',
  siteName: 'Harbour City Mazda',
  heading: 'Sign in to Harbour City Mazda',
  reason: 'Sign in to open My Garage: your saved cars and your details.',
  methods: ['password', 'emailCode', 'smsCode'],
  needsPhone: false,
  country: 'AU',
  redirect: '#signed-in',
  back: '/',
};

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  calls.length = 0;
  answers = { '/api/account/session': signedOut };
  window.location.hash = '';
  localStorage.clear();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

async function render(overrides: Partial<SignInPanelProps> = {}) {
  await act(async () => root.render(<SignInPanel {...props} {...overrides} />));
}

/** Lets pending calls and renders finish until `check` holds. */
async function until(check: () => boolean) {
  for (let i = 0; i < 50 && !check(); i++) await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(check()).toBe(true);
}

const heading = () => host.querySelector('h1');
const button = (name: string) =>
  [...host.querySelectorAll('button')].find((b) => b.textContent === name) ?? expect.fail(`no button ${name}`);
function field(label: string): HTMLInputElement {
  const labelled = [...host.querySelectorAll('label')].find((l) => l.textContent === label);
  const input = labelled ? host.querySelector(`[id="${labelled.htmlFor}"]`) : null;
  return input instanceof HTMLInputElement ? input : expect.fail(`no field ${label}`);
}
async function fill(label: string, value: string) {
  await act(async () => {
    field(label).value = value;
  });
}
async function click(name: string) {
  await act(async () => button(name).click());
}
const authCalls = () => calls.filter((c) => c.path.startsWith('/api/auth/'));

describe('SignInPanel', () => {
  it('starts on the first method, with the heading and the reason', async () => {
    await render();
    expect(heading()?.textContent).toBe('Sign in to Harbour City Mazda');
    expect(host.textContent).toContain(props.reason);
    expect(host.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe('How to sign in');
    expect(button('Password').getAttribute('aria-pressed')).toBe('true');
    expect(button('Code by SMS').getAttribute('aria-pressed')).toBe('false');
    expect(field('Email').autocomplete).toBe('email');
    expect(field('Password').autocomplete).toBe('current-password');
    expect(host.querySelector('a[href="/"]')?.textContent).toBe('‹ Back');
  });

  it('signs in by SMS: sends the number in E.164, moves focus to the next heading, verifies, goes on', async () => {
    answers['/api/account/session'] = () =>
      Response.json({ user: { name: 'Shopper', email: null, phoneNumber: '+61412345678' } });
    await render();
    answers['/api/account/session'] = signedOut;
    await until(() => heading()?.textContent?.startsWith('You are signed in') ?? false);
    // Signed out again to try the SMS way in.
    await click('Sign out');
    await until(() => heading()?.textContent === props.heading);
    expect(host.querySelector('[role="status"]')?.textContent).toBe('You are signed out.');
    expect(authCalls()).toEqual([{ path: '/api/auth/sign-out', body: {} }]);

    await click('Code by SMS');
    await fill('Mobile number', '0412 345 678');
    await click('Text me a code');
    await until(() => heading()?.textContent === 'Check your phone');
    expect(document.activeElement).toBe(heading());
    expect(host.textContent).toContain('We have texted a 6-digit code to +61412345678. It expires in 10 minutes.');

    answers['/api/account/session'] = () =>
      Response.json({ user: { name: 'Shopper', email: null, phoneNumber: '+61412345678' } });
    await fill('6-digit code', '123456');
    await click('Sign in');
    await until(() => window.location.hash === '#signed-in');
    expect(authCalls().slice(1)).toEqual([
      { path: '/api/auth/phone-number/send-otp', body: { phoneNumber: '+61412345678' } },
      { path: '/api/auth/phone-number/verify', body: { phoneNumber: '+61412345678', code: '123456' } },
    ]);
  });

  it('refuses a number that is not a mobile, and points the field at the error', async () => {
    await render({ methods: ['smsCode'] });
    expect(host.querySelector('[role="group"]')).toBeNull();
    await fill('Mobile number', '02 9555 0100');
    await click('Text me a code');
    await until(() => host.querySelector('[role="alert"]') !== null);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(MOBILE_MESSAGE);
    expect(field('Mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(field('Mobile number').getAttribute('aria-describedby')?.split(' ')).toContain('sign-in-error');
    expect(authCalls()).toEqual([]);
  });

  it('asks for the e-mailed code when the address is not confirmed yet', async () => {
    answers['/api/auth/sign-in/email'] = () =>
      Response.json({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }, { status: 403 });
    await render();
    await fill('Email', 'robin@example.com');
    await fill('Password', 'a long enough password');
    await click('Sign in');
    await until(() => heading()?.textContent === 'Check your e-mail');
    expect(host.textContent).toContain(
      'Your address is not confirmed yet. We have sent a 6-digit code to robin@example.com.',
    );
    expect(host.querySelector('[role="alert"]')).toBeNull();
    await fill('6-digit code', '654321');
    await click('Confirm');
    await until(() => window.location.hash === '#signed-in');
    expect(authCalls().at(-1)).toEqual({
      path: '/api/auth/email-otp/verify-email',
      body: { email: 'robin@example.com', otp: '654321' },
    });
  });

  it('shows the server’s message for a wrong password, and its own words for too many attempts', async () => {
    answers['/api/auth/sign-in/email'] = () =>
      Response.json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, { status: 401 });
    await render();
    await fill('Email', 'robin@example.com');
    await fill('Password', 'not the password');
    await click('Sign in');
    await until(() => host.querySelector('[role="alert"]')?.textContent === 'Invalid email or password');
    answers['/api/auth/sign-in/email'] = () => Response.json({ message: 'Slow down' }, { status: 429 });
    await click('Sign in');
    await until(
      () =>
        host.querySelector('[role="alert"]')?.textContent === 'Too many attempts. Please wait a minute and try again.',
    );
  });

  it('creates an account, confirms the address, then asks for a mobile number that can be skipped', async () => {
    await render();
    await click('Create an account');
    await until(() => heading()?.textContent === 'Create your Harbour City Mazda account');
    await fill('Name', 'Robin Buyer');
    await fill('Email', 'robin@example.com');
    await fill('Password', 'a long enough password');
    await click('Create account');
    await until(() => heading()?.textContent === 'Check your e-mail');
    expect(host.textContent).toContain('We have e-mailed a 6-digit code to robin@example.com.');
    answers['/api/account/session'] = () =>
      Response.json({ user: { name: 'Robin Buyer', email: 'robin@example.com', phoneNumber: null } });
    await fill('6-digit code', '111111');
    await click('Confirm');
    await until(() => heading()?.textContent === 'Add your mobile number');
    expect(host.textContent).toContain('Add a mobile number so we can reach you about the cars you save.');
    expect(host.querySelector('a[href="#signed-in"]')?.textContent).toBe('Skip for now');
    await fill('Mobile number', '0412 345 678');
    await click('Text me a code');
    await until(() => heading()?.textContent === 'Check your phone');
    await fill('6-digit code', '222222');
    await click('Confirm mobile number');
    await until(() => window.location.hash === '#signed-in');
    expect(authCalls().map((c) => c.path)).toEqual([
      '/api/auth/sign-up/email',
      '/api/auth/email-otp/verify-email',
      '/api/auth/phone-number/send-otp',
      '/api/auth/phone-number/verify',
    ]);
    expect(authCalls().at(-1)?.body).toEqual({ phoneNumber: '+61412345678', code: '222222', updatePhoneNumber: true });
  });

  it('moves favourites kept in the browser to the watchlist after signing in', async () => {
    localStorage.setItem('favourites:harbour-city-mazda', JSON.stringify([{ id: 7 }, { id: 'x' }, { id: 9 }]));
    await render({ methods: ['emailCode'] });
    await fill('Email', 'robin@example.com');
    await click('Email me a code');
    await until(() => heading()?.textContent === 'Check your e-mail');
    expect(host.textContent).toContain('We have sent a 6-digit code to robin@example.com. It expires in 10 minutes.');
    await fill('6-digit code', '333333');
    await click('Sign in');
    await until(() => window.location.hash === '#signed-in');
    expect(calls.find((c) => c.path === '/api/watchlist/merge')?.body).toEqual({ car_ids: [7, 9] });
    expect(authCalls()).toEqual([
      { path: '/api/auth/email-otp/send-verification-otp', body: { email: 'robin@example.com', type: 'sign-in' } },
      { path: '/api/auth/sign-in/email-otp', body: { email: 'robin@example.com', otp: '333333' } },
    ]);
  });

  it('takes a signed-in shopper without a mobile to the mobile step when the watchlist needs one', async () => {
    answers['/api/account/session'] = () =>
      Response.json({ user: { name: 'Robin', email: 'robin@example.com', phoneNumber: null } });
    await render({ needsPhone: true });
    await until(() => heading()?.textContent === 'Add your mobile number');
    expect(host.textContent).toContain('Your watchlist is kept under your mobile number.');
    expect(host.textContent).not.toContain('Skip for now');
  });
});
