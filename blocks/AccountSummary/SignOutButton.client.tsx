'use client';

import { useState } from 'react';
import { authCall, signInClient } from '../../components/shopper/auth-client';
import { buttonClass } from '../../components/ui/button';

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    // Signed out or not (the site unreachable), the page starts again from the home page.
    await authCall(() => signInClient().signOut());
    // A full load: every part of the page (header, cached account state) starts signed out.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/');
  };
  return (
    <button
      type="button"
      className={buttonClass('outline')}
      onClick={signOut}
      disabled={busy}
      style={{ justifySelf: 'start' }}
    >
      Sign out
    </button>
  );
}
