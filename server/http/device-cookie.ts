import { randomBytes } from 'node:crypto';

/**
 * The device cookie: a random id the booking calls (/api/leads, /api/reservations) give a browser
 * the first time it sends a form, so test drives and holds can be counted per browser as well as
 * per e-mail address and phone number (issue 30 M2). It identifies nothing but the browser, is
 * sent only to /api, cannot be read by scripts, and is never shown to anyone or kept readable
 * (bookings store a hash of it). A client that drops cookies is still counted by its e-mail
 * address and phone number, and by its address through the lead limits.
 */
export const DEVICE_COOKIE = 'dp_device';
/** A year: a shopper's bookings and holds run out long before. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

export interface ShopperDevice {
  id: string;
  /** True when the request had no (valid) device cookie: the answer sets one. */
  fresh: boolean;
}

/** The device id the request's cookie carries, if it carries a well-formed one. */
export function deviceIdOf(requestHeaders: Headers): string | undefined {
  for (const part of (requestHeaders.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (DEVICE_ID.test(value)) return value;
  }
  return undefined;
}

/** The request's device, or a new one when it has none. */
export function shopperDevice(requestHeaders: Headers): ShopperDevice {
  const id = deviceIdOf(requestHeaders);
  return id ? { id, fresh: false } : { id: randomBytes(16).toString('base64url'), fresh: true };
}

/** Whether the browser reached the site over HTTPS (directly, or through the proxy in front). */
function overHttps(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (forwarded) return forwarded === 'https';
  return new URL(request.url).protocol === 'https:';
}

/** The Set-Cookie value that gives a browser its device id. */
export function deviceCookie(id: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${id}; Path=/api; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The answer, with the device cookie set when the request came without one. */
export function withDeviceCookie(response: Response, request: Request, device: ShopperDevice): Response {
  if (device.fresh) response.headers.append('set-cookie', deviceCookie(device.id, overHttps(request)));
  return response;
}
