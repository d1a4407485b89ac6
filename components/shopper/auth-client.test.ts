import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_BASE_PATH as SERVER_BASE_PATH } from '../../services/auth/auth-instance';
import { authCallRefusal } from '../../domain/accounts/auth-calls';
import {
  AUTH_BASE_PATH,
  authCall,
  createSignInClient,
  TOO_MANY_ATTEMPTS,
  UNREACHABLE,
  type SignInClient,
} from './auth-client';

const ORIGIN = 'https://harbour-city-mazda.example';

interface Sent {
  url: string;
  method: string;
  body: unknown;
}

/** The content types of the calls with a body: app/api/auth reads JSON only. */
const contentTypes: Array<string | null> = [];

/** A client whose calls are recorded and answered with `answer`. */
function recordingClient(answer: () => Response | Promise<Response> = () => Response.json({})): {
  client: SignInClient;
  sent: Sent[];
} {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ url: String(input), method: init?.method ?? 'GET', body });
      if (body !== undefined) contentTypes.push(new Headers(init?.headers).get('content-type'));
      return answer();
    }),
  );
  return { client: createSignInClient(ORIGIN), sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('the sign-in client', () => {
  it('calls the account API where the server serves it', () => {
    expect(AUTH_BASE_PATH).toBe(SERVER_BASE_PATH);
  });

  it('sends each sign-in call to its path with its JSON body, on the page’s own origin', async () => {
    const { client, sent } = recordingClient();
    await client.signIn.email({ email: 'a@example.com', password: 'secret secret' });
    await client.signUp.email({ name: 'Robin', email: 'a@example.com', password: 'secret secret' });
    await client.emailOtp.verifyEmail({ email: 'a@example.com', otp: '123456' });
    await client.emailOtp.sendVerificationOtp({ email: 'a@example.com', type: 'sign-in' });
    await client.signIn.emailOtp({ email: 'a@example.com', otp: '123456' });
    await client.phoneNumber.sendOtp({ phoneNumber: '+61412345678' });
    await client.phoneNumber.verify({ phoneNumber: '+61412345678', code: '123456' });
    await client.phoneNumber.verify({ phoneNumber: '+61412345678', code: '123456', updatePhoneNumber: true });
    await client.signOut();
    expect(sent).toEqual([
      {
        url: `${ORIGIN}/api/auth/sign-in/email`,
        method: 'POST',
        body: { email: 'a@example.com', password: 'secret secret' },
      },
      {
        url: `${ORIGIN}/api/auth/sign-up/email`,
        method: 'POST',
        body: { name: 'Robin', email: 'a@example.com', password: 'secret secret' },
      },
      {
        url: `${ORIGIN}/api/auth/email-otp/verify-email`,
        method: 'POST',
        body: { email: 'a@example.com', otp: '123456' },
      },
      {
        url: `${ORIGIN}/api/auth/email-otp/send-verification-otp`,
        method: 'POST',
        body: { email: 'a@example.com', type: 'sign-in' },
      },
      { url: `${ORIGIN}/api/auth/sign-in/email-otp`, method: 'POST', body: { email: 'a@example.com', otp: '123456' } },
      { url: `${ORIGIN}/api/auth/phone-number/send-otp`, method: 'POST', body: { phoneNumber: '+61412345678' } },
      {
        url: `${ORIGIN}/api/auth/phone-number/verify`,
        method: 'POST',
        body: { phoneNumber: '+61412345678', code: '123456' },
      },
      {
        url: `${ORIGIN}/api/auth/phone-number/verify`,
        method: 'POST',
        body: { phoneNumber: '+61412345678', code: '123456', updatePhoneNumber: true },
      },
      { url: `${ORIGIN}/api/auth/sign-out`, method: 'POST', body: {} },
    ]);
    expect(new Set(contentTypes)).toEqual(new Set(['application/json']));
    // Every one of them is a call the site's /api/auth answers (domain/accounts/auth-calls).
    for (const call of sent) {
      const path = new URL(call.url).pathname.slice(AUTH_BASE_PATH.length);
      const body = call.body as Record<string, unknown>;
      expect(
        authCallRefusal({ path, body, signedIn: true, methods: ['password', 'emailCode', 'smsCode'] }),
      ).toBeUndefined();
    }
  });
});

describe('authCall', () => {
  it('is ok when the call succeeds', async () => {
    const { client } = recordingClient(() => Response.json({ status: true }));
    expect(await authCall(() => client.phoneNumber.sendOtp({ phoneNumber: '+61412345678' }))).toEqual({ ok: true });
  });

  it('passes on the server’s error code and message', async () => {
    const { client } = recordingClient(() =>
      Response.json({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }, { status: 403 }),
    );
    expect(await authCall(() => client.signIn.email({ email: 'a@example.com', password: 'x' }))).toEqual({
      ok: false,
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Email not verified',
    });
  });

  it('has no message when the server sent none (the page then says to try again)', async () => {
    const { client } = recordingClient(() => new Response('Bad gateway', { status: 502 }));
    expect(await authCall(() => client.signIn.emailOtp({ email: 'a@example.com', otp: '1' }))).toEqual({ ok: false });
  });

  it('says in its own words that there were too many attempts', async () => {
    const { client } = recordingClient(() =>
      Response.json({ message: 'Too many attempts. Please wait a few minutes and try again.' }, { status: 429 }),
    );
    expect(await authCall(() => client.phoneNumber.sendOtp({ phoneNumber: '+61412345678' }))).toEqual({
      ok: false,
      message: TOO_MANY_ATTEMPTS,
    });
  });

  it('says the site could not be reached when the network fails', async () => {
    const { client } = recordingClient(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await authCall(() => client.signOut())).toEqual({ ok: false, message: UNREACHABLE });
  });
});
