'use client';

import { useState } from 'react';
import { track } from '../../components/shopper/analytics';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events';
import { buttonClass } from '../../components/ui/button';
import styles from './VehicleSidebar.module.css';

/**
 * catalogue §4 dealer phone — masked after the first 5 characters until clicked, then shown in
 * full; the click records a lead and fires analytics event 25. A failed lead record is logged
 * only: the shopper still gets the number.
 */
export function PhoneReveal({
  phone,
  masked,
  revealed,
  carId,
}: {
  phone: string;
  masked: string;
  revealed: boolean;
  carId: number;
}) {
  const [shown, setShown] = useState(revealed);
  const tel = `tel:${phone.replace(/[^0-9+]/g, '')}`;
  const reveal = () => {
    setShown(true);
    track(ANALYTICS_EVENTS.phoneClick, { car_id: carId });
    fetch('/api/leads/phone-reveal', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ car_id: carId }),
    })
      .then((response) =>
        response.ok ? undefined : console.error('Phone reveal lead was not recorded', response.status),
      )
      .catch((error: unknown) => console.error('Phone reveal lead was not recorded', error));
  };
  if (shown) {
    return (
      <a
        className={`${buttonClass('secondary')} ${styles.phone}`}
        href={tel}
        onClick={revealed ? () => track(ANALYTICS_EVENTS.phoneClick, { car_id: carId }) : undefined}
      >
        Call {phone}
      </a>
    );
  }
  return (
    <button type="button" className={`${buttonClass('secondary')} ${styles.phone}`} onClick={reveal}>
      {/* The visible words are the name (axe: label-content-name-mismatch), read as "… Show number". */}
      {masked} · Show number
    </button>
  );
}
