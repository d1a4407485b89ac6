import { describe, expect, it } from 'vitest';
import { shopperKeys } from '../../domain/booking-limits';
import { DEVICE_COOKIE, deviceIdOf, shopperDevice, withDeviceCookie } from './device-cookie';

// Issue 30 M2: test drives and holds are counted per browser as well as per e-mail and phone.
describe('the device cookie', () => {
  const headers = (cookie?: string) => new Headers(cookie ? { cookie } : {});

  it('reads the platform’s own well-formed id from the Cookie header, nothing else', () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv';
    expect(deviceIdOf(headers(`a=1; ${DEVICE_COOKIE}=${id}; b=2`))).toBe(id);
    expect(deviceIdOf(headers(`${DEVICE_COOKIE}=short`))).toBeUndefined();
    expect(deviceIdOf(headers(`${DEVICE_COOKIE}=${'x'.repeat(65)}`))).toBeUndefined();
    expect(deviceIdOf(headers(`x${DEVICE_COOKIE}=${id}`))).toBeUndefined();
    expect(deviceIdOf(headers())).toBeUndefined();
  });

  it('gives a browser without one a fresh random id that the booking limits accept as a device', () => {
    const a = shopperDevice(headers());
    const b = shopperDevice(headers());
    expect(a.fresh).toBe(true);
    expect(a.id).not.toBe(b.id);
    expect(shopperKeys({ device: a.id })).toEqual({ device: a.id });
    expect(shopperDevice(headers(`${DEVICE_COOKIE}=${a.id}`))).toEqual({ id: a.id, fresh: false });
  });

  it('sets it on the answer only when it is new: HttpOnly, SameSite=Lax, for /api, Secure over HTTPS', () => {
    const request = (url: string, extra: Record<string, string> = {}) => new Request(url, { headers: extra });
    const fresh = { id: 'AbCdEfGhIjKlMnOpQrStUv', fresh: true };
    const plain = withDeviceCookie(new Response('{}'), request('http://site.localhost/api/leads'), fresh);
    expect(plain.headers.get('set-cookie')).toBe(
      `${DEVICE_COOKIE}=AbCdEfGhIjKlMnOpQrStUv; Path=/api; Max-Age=31536000; HttpOnly; SameSite=Lax`,
    );
    const proxied = withDeviceCookie(
      new Response('{}'),
      request('http://127.0.0.1/api/leads', { 'x-forwarded-proto': 'https' }),
      fresh,
    );
    expect(proxied.headers.get('set-cookie')).toMatch(/; Secure$/);
    const known = withDeviceCookie(new Response('{}'), request('https://site.example/api/leads'), {
      ...fresh,
      fresh: false,
    });
    expect(known.headers.get('set-cookie')).toBeNull();
  });
});
