/**
 * Which account calls a site answers (the rest of the library's endpoints stay closed): only what
 * the sign-in page uses, for the methods the tenant offers. Adding a mobile number to a signed-in
 * account works on every site with accounts, since the watchlist needs one.
 */
export type SignInMethod = 'password' | 'emailCode' | 'smsCode';

export interface AuthCall {
  path: string;
  body: Record<string, unknown>;
  signedIn: boolean;
  methods: readonly SignInMethod[];
}

export interface Refusal {
  status: number;
  message: string;
}

const NOT_OFFERED: Refusal = { status: 404, message: 'This way of signing in is not offered on this site.' };

export function authCallRefusal({ path, body, signedIn, methods }: AuthCall): Refusal | undefined {
  const has = (method: SignInMethod) => methods.includes(method);
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
  // Addresses under .invalid are the library's stand-ins for accounts made by SMS.
  if (email?.endsWith('.invalid')) return { status: 400, message: 'Enter your own e-mail address.' };
  switch (path) {
    case '/get-session':
    case '/sign-out':
      return undefined;
    case '/sign-in/email':
    case '/sign-up/email':
    case '/email-otp/verify-email':
      return has('password') ? undefined : NOT_OFFERED;
    case '/email-otp/send-verification-otp':
      if (body.type === 'sign-in') return has('emailCode') ? undefined : NOT_OFFERED;
      if (body.type === 'email-verification') return has('password') ? undefined : NOT_OFFERED;
      return { status: 400, message: 'Unknown code type.' };
    case '/sign-in/email-otp':
      return has('emailCode') ? undefined : NOT_OFFERED;
    case '/phone-number/send-otp':
      return has('smsCode') || signedIn ? undefined : NOT_OFFERED;
    case '/phone-number/verify':
      return has('smsCode') || (signedIn && body.updatePhoneNumber === true) ? undefined : NOT_OFFERED;
    default:
      return { status: 404, message: 'Not found.' };
  }
}

/** The address or number a call is about, for limits per identifier (besides the per-address ones). */
export function callIdentifier(path: string, body: Record<string, unknown>): string | undefined {
  const value = path.startsWith('/phone-number/') ? body.phoneNumber : body.email;
  return typeof value === 'string' && value ? value.trim().toLowerCase() : undefined;
}
