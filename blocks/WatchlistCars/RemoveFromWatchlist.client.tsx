'use client';

import { useRouter } from 'next/navigation';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { toastAtom } from '../shopper/store';

/** Takes a car off the watchlist, then reloads the list from the server. */
export function RemoveFromWatchlist({ carId, carName, phoneNumber }: { carId: number; carName: string; phoneNumber: string | null }) {
  const router = useRouter();
  const setToast = useSetAtom(toastAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch('/api/watchlist/remove-car', { method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'same-origin', body: JSON.stringify({ phone_number: phoneNumber, car_id: carId }) });
      const body = (await response.json().catch(() => ({}))) as { success?: boolean; error?: string };
      if (!response.ok || !body.success) throw new Error(body.error || 'The car could not be removed just now. Please try again.');
      setToast({ id: Date.now(), title: 'Car Removed', body: `${carName} is no longer in your watchlist` });
      router.refresh();
    } catch (caught) {
      setError(caught instanceof Error && caught.message !== 'Failed to fetch' ? caught.message : 'The car could not be removed just now. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button button--outline" onClick={remove} disabled={busy}>
        Remove<span className="visually-hidden"> {carName} from your watchlist</span>
      </button>
      {error ? (
        <p className="vehicle-actions__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
};
