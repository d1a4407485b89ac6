'use client';

import { useState } from 'react';

/** catalogue §4 dealer phone — masked after the first 5 characters until clicked, then shown in full. */
export function PhoneReveal({ phone, masked, revealed }: { phone: string; masked: string; revealed: boolean }) {
  const [shown, setShown] = useState(revealed);
  const tel = `tel:${phone.replace(/[^0-9+]/g, '')}`;
  if (shown) {
    return (
      <a className="button button--secondary vehicle-sidebar__phone" href={tel}>
        Call {phone}
      </a>
    );
  }
  return (
    <button type="button" className="button button--secondary vehicle-sidebar__phone" onClick={() => setShown(true)} aria-label={`Show the phone number (${masked})`}>
      {masked} <span aria-hidden="true">· Show number</span>
    </button>
  );
}
