'use client';

import type { MouseEvent, ReactNode } from 'react';
import { currentPath, useAccount } from './account';
import { signInHref } from '../../domain/accounts/gating';
import { linkButtonClass } from '../ui/button';
import styles from './SignedInOnly.module.css';

/** Goes to sign-in and back to this very page (with its query), read when clicked. */
export function signInHere(type: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const here = currentPath();
    window.location.assign(signInHref(type, here, here));
  };
}

/**
 * Shows its children to a signed-in shopper only; others get a sign-in link that comes back to
 * this page (plugins for signed-in shoppers, conversion §6). The page itself stays cached for all.
 */
export function SignedInOnly({ type, label, children }: { type: string; label: string; children: ReactNode }) {
  const [account] = useAccount();
  if (account.status === 'idle' || account.status === 'loading') return null;
  if (account.user) return <>{children}</>;
  return (
    <p className={styles.signIn}>
      <a className={linkButtonClass} href={signInHref(type, '/', '/')} onClick={signInHere(type)}>
        {label}
      </a>
    </p>
  );
}
