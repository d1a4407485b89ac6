/**
 * Sign-in gating (conversion §4.7, §6). A page may carry a gate in tenant data: the sign-in type,
 * the switch that turns the gate on for some sites, and whether it applies only once the page's car
 * has loaded (checkout) or only to a car with an NVIC (personalised finance). Visitors without a
 * user go to /sign-in?type&redirect&back; everyone else sees the page.
 */
import { isSitePath } from '../site-path';
import { isSwitchedOn, type SwitchCondition } from '../switches';

export interface PageGate {
  type: string;
  when?: SwitchCondition;
  needs?: 'car' | 'nvic';
}

/** What the page knows about its car when the gate is decided. */
export type GateCar = { loaded: false } | { loaded: true; nvic?: string | null };

export type GateDecision = { kind: 'open' } | { kind: 'signIn'; href: string };

const FALLBACK = '/';

/**
 * A path on this site, or the fallback: only '/…' paths (not '//host' or '/\host', which browsers
 * read as another site), without control characters. Keeps the query and the hash.
 */
export function localPath(value: string | null | undefined, fallback = FALLBACK): string {
  // A backslash anywhere is refused too: a redirect target has no use for one.
  if (!value || !isSitePath(value) || value.includes('\\')) return fallback;
  return value;
}

/** The sign-in address (conversion §2.3): /sign-in?type={type}&redirect={path}&back={path}. */
export function signInHref(type: string, redirect: string, back: string): string {
  const query = new URLSearchParams({ type, redirect: localPath(redirect), back: localPath(back) });
  return `/sign-in?${query.toString()}`;
}

/** The page the visitor came from, when it was a page of this site; otherwise the home page. */
export function backFromReferer(referer: string | null | undefined, host: string | null | undefined): string {
  if (!referer || !host) return FALLBACK;
  try {
    const url = new URL(referer);
    return url.host === host ? localPath(`${url.pathname}${url.search}`) : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

export interface GateInput {
  gate: PageGate | undefined;
  features: object;
  signedIn: boolean;
  car: GateCar;
  /** This page, with its query: where sign-in returns to. */
  path: string;
  back: string;
}

export function gateDecision({ gate, features, signedIn, car, path, back }: GateInput): GateDecision {
  if (!gate || !isSwitchedOn('accounts', features) || !isSwitchedOn(gate.when, features) || signedIn)
    return { kind: 'open' };
  // The checkout route without a loaded car does not redirect (conversion §4.7): it shows its own message.
  if (gate.needs === 'car' && !car.loaded) return { kind: 'open' };
  if (gate.needs === 'nvic' && (!car.loaded || !car.nvic)) return { kind: 'open' };
  return { kind: 'signIn', href: signInHref(gate.type, path, back) };
}
