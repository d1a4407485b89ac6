'use client';

import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { currentPath, postAccountCall, useAccount } from '../../components/shopper/account';
import { toastAtom } from '../../components/shopper/store';
import { track } from '../../components/shopper/analytics';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events';
import styles from './VehicleActions.module.css';
import { signInHref } from '../../domain/accounts/gating';
import { watchlistButtonShown } from '../../domain/accounts/watchlist-status';
import { buttonClass } from '../../components/ui/button';

export interface WatchlistButtonProps {
  carId: number;
  carName: string;
  sold: boolean;
  listHref: string;
}

const FAILED = 'Your watchlist could not be updated just now. Please try again.';

/**
 * Save to watchlist (catalogue §4, §7, §8): the list changes at once, then the server is asked; a
 * refusal puts it back and shows the error. Signed-out shoppers, and accounts without a mobile
 * number, go to sign-in with type=watchlist and come back here.
 */
export function WatchlistButton({ carId, carName, sold, listHref }: WatchlistButtonProps) {
  const [account, setAccount] = useAccount();
  const setToast = useSetAtom(toastAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saved = account.watchlist.includes(carId);
  if (!watchlistButtonShown(sold, saved)) return null;

  const toggle = async () => {
    if (account.status !== 'ready' && account.status !== 'error') return;
    const here = currentPath();
    if (!account.user || !account.user.phoneNumber) {
      if (account.user) console.warn('Watchlist: this account has no mobile number yet; asking for one at sign-in.');
      window.location.assign(signInHref('watchlist', here, here));
      return;
    }
    const saving = !saved;
    const before = account.watchlist;
    setError(null);
    setBusy(true);
    setAccount((s) => ({
      ...s,
      watchlist: saving ? [...s.watchlist, carId] : s.watchlist.filter((id) => id !== carId),
    }));
    try {
      const body = await postAccountCall<{ success?: boolean; error?: string; watchlist?: number[] }>(
        `/api/watchlist/${saving ? 'save-car' : 'remove-car'}`,
        { phone_number: account.user.phoneNumber, car_id: carId },
        FAILED,
      );
      if (body.watchlist) {
        const list = body.watchlist;
        setAccount((s) => ({ ...s, watchlist: list }));
      }
      if (saving) track(ANALYTICS_EVENTS.saveCar, { car_id: carId, list: 'watchlist' });
      setToast(
        saving
          ? {
              id: Date.now(),
              title: 'Car Saved In Watchlist',
              body: `${carName} is now available in your watchlist`,
              action: { label: 'View List', href: listHref },
            }
          : {
              id: Date.now(),
              title: 'Car Removed',
              body: `${carName} is no longer in your watchlist`,
              action: { label: 'View List', href: listHref },
            },
      );
    } catch (caught) {
      setAccount((s) => ({ ...s, watchlist: before }));
      setError(caught instanceof Error ? caught.message : FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={buttonClass('outline')}
        aria-pressed={saved}
        disabled={busy || account.status === 'loading' || account.status === 'idle'}
        onClick={toggle}
      >
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 3h12v18l-6-4-6 4z" />
        </svg>
        Save to watchlist
      </button>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
