'use client';

import { atom, useAtom } from 'jotai';
import { useEffect } from 'react';

export interface ShopperAccount {
  name: string;
  email: string | null;
  phoneNumber: string | null;
}

export interface AccountState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  user: ShopperAccount | null;
  /** Car ids on the shopper's watchlist for this site. */
  watchlist: number[];
}

export const accountAtom = atom<AccountState>({ status: 'idle', user: null, watchlist: [] });

interface SessionAnswer {
  user: ShopperAccount | null;
  watchlist?: number[];
}

export async function fetchAccount(): Promise<SessionAnswer> {
  const response = await fetch('/api/account/session', { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`session answered ${response.status}`);
  return (await response.json()) as SessionAnswer;
}

/** Who is signed in on this site, loaded once per page view (the pages themselves are cached for everyone). */
export function useAccount(enabled = true): [AccountState, (update: (state: AccountState) => AccountState) => void] {
  const [state, setState] = useAtom(accountAtom);
  useEffect(() => {
    if (!enabled || state.status !== 'idle') return;
    setState((s) => ({ ...s, status: 'loading' }));
    fetchAccount()
      .then((body) => setState(() => ({ status: 'ready', user: body.user, watchlist: body.watchlist ?? [] })))
      .catch((error: unknown) => {
        console.error('The account could not be loaded', error);
        setState(() => ({ status: 'error', user: null, watchlist: [] }));
      });
  }, [enabled, state.status, setState]);
  return [state, (update) => setState(update)];
}

/** The address of this page as the browser shows it (not the internal tenant route). */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

const UNREACHABLE = 'We could not reach the site. Check your connection and try again.';

/**
 * POST JSON to one of this site's account calls; resolves with the answer's body when it says
 * success, and rejects with the answer's own error message (or a plain one when the network failed).
 */
export async function postAccountCall<T extends { success?: boolean; error?: string }>(
  path: string,
  body: unknown,
  fallback: string,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(UNREACHABLE);
  }
  const answer = (await response.json().catch(() => ({}))) as T;
  if (!response.ok || !answer.success) throw new Error(answer.error || fallback);
  return answer;
}
