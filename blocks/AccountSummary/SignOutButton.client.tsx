'use client';

import { useState } from 'react';

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    await fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: '{}',
    }).catch(() => undefined);
    // A full load: every part of the page (header, cached account state) starts signed out.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/');
  };
  return (
    <button
      type="button"
      className="button button--outline"
      onClick={signOut}
      disabled={busy}
      style={{ justifySelf: 'start' }}
    >
      Sign out
    </button>
  );
}
