'use client';

import { useRouter } from 'next/navigation';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { toastAtom } from '../../components/shopper/store';
import { postAccountCall } from '../../components/shopper/account';
import { buttonClass } from '../../components/ui/button';
import actionsStyles from '../VehicleActions/VehicleActions.module.css';

const FAILED = 'The car could not be removed just now. Please try again.';

/** Takes a car off the watchlist, then reloads the list from the server. */
export function RemoveFromWatchlist({
  carId,
  carName,
  phoneNumber,
}: {
  carId: number;
  carName: string;
  phoneNumber: string | null;
}) {
  const router = useRouter();
  const setToast = useSetAtom(toastAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await postAccountCall('/api/watchlist/remove-car', { phone_number: phoneNumber, car_id: carId }, FAILED);
      setToast({ id: Date.now(), title: 'Car Removed', body: `${carName} is no longer in your watchlist` });
      // The card goes away with its button: keep keyboard focus on the list's heading.
      document.getElementById('watchlist-heading')?.focus();
      router.refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={buttonClass('outline')} onClick={remove} disabled={busy}>
        Remove<span className="visually-hidden"> {carName} from your watchlist</span>
      </button>
      {error ? (
        <p className={actionsStyles.error} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
