import { describe, expect, it } from 'vitest';
import { backFromReferer, gateDecision, localPath, signInHref, type GateInput } from './gating';

const features = { accounts: true, checkoutNeedsSignIn: false };
const base: GateInput = {
  gate: { type: 'garage' },
  features,
  signedIn: false,
  car: { loaded: false },
  path: '/my-garage',
  back: '/',
};

describe('sign-in gating (conversion §4.7, §6)', () => {
  it('sends a visitor without a user to /sign-in with type, redirect and back (conversion §2.3)', () => {
    expect(gateDecision({ ...base, back: '/cars/x' })).toEqual({
      kind: 'signIn',
      href: '/sign-in?type=garage&redirect=%2Fmy-garage&back=%2Fcars%2Fx',
    });
  });
  it('lets a signed-in user through', () => {
    expect(gateDecision({ ...base, signedIn: true })).toEqual({ kind: 'open' });
  });
  it('does not gate pages without a gate, on sites without accounts, or where the gate switch is off', () => {
    expect(gateDecision({ ...base, gate: undefined }).kind).toBe('open');
    expect(gateDecision({ ...base, features: { accounts: false } }).kind).toBe('open');
    expect(gateDecision({ ...base, gate: { type: 'checkout', when: 'checkoutNeedsSignIn' } }).kind).toBe('open');
    expect(
      gateDecision({
        ...base,
        gate: { type: 'checkout', when: 'checkoutNeedsSignIn' },
        features: { ...features, checkoutNeedsSignIn: true },
      }).kind,
    ).toBe('signIn');
  });
  it('does not redirect the checkout route without a loaded car (conversion §4.7)', () => {
    const gate = { type: 'checkout', needs: 'car' as const };
    expect(gateDecision({ ...base, gate, car: { loaded: false } }).kind).toBe('open');
    expect(gateDecision({ ...base, gate, car: { loaded: true } }).kind).toBe('signIn');
  });
  it('gates personalised finance only for a car with an NVIC (conversion §6)', () => {
    const gate = { type: 'finance', needs: 'nvic' as const };
    expect(gateDecision({ ...base, gate, car: { loaded: true, nvic: null } }).kind).toBe('open');
    expect(gateDecision({ ...base, gate, car: { loaded: false } }).kind).toBe('open');
    expect(
      gateDecision({ ...base, gate, car: { loaded: true, nvic: 'ABC123' }, path: '/personalised/finance?car_id=7' }),
    ).toEqual({
      kind: 'signIn',
      href: '/sign-in?type=finance&redirect=%2Fpersonalised%2Ffinance%3Fcar_id%3D7&back=%2F',
    });
  });
  it('keeps redirect and back on this site', () => {
    expect(localPath('//evil.example/x')).toBe('/');
    expect(localPath('/\\evil.example')).toBe('/');
    expect(localPath('https://evil.example/')).toBe('/');
    expect(localPath('/watchlist?x=1#top')).toBe('/watchlist?x=1#top');
    expect(signInHref('watchlist', 'https://evil.example', '//evil')).toBe(
      '/sign-in?type=watchlist&redirect=%2F&back=%2F',
    );
  });
  it('takes back from a referer on the same host only', () => {
    expect(backFromReferer('http://a.localhost:3000/cars/x?y=1', 'a.localhost:3000')).toBe('/cars/x?y=1');
    expect(backFromReferer('https://elsewhere.example/', 'a.localhost:3000')).toBe('/');
    expect(backFromReferer(undefined, 'a.localhost:3000')).toBe('/');
  });
});
