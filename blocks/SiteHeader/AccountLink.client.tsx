'use client';

import { currentPath, useAccount } from '../../components/shopper/account';
import { signInHref } from '../../domain/accounts/gating';
import styles from './SiteHeader.module.css';

/** 'Sign in' or 'My Garage' in the header of sites with accounts; the cached header learns who is signed in here. */
export function AccountLink({ garageHref }: { garageHref: string }) {
  const [account] = useAccount();
  // Until the session is known, a neutral link: My Garage itself sends signed-out shoppers to sign-in.
  if (account.status === 'idle' || account.status === 'loading') {
    return (
      <a className={styles.account} href={garageHref}>
        My account
      </a>
    );
  }
  if (account.user) {
    return (
      <a className={styles.account} href={garageHref}>
        My Garage
      </a>
    );
  }
  return (
    <a
      className={styles.account}
      href={signInHref('garage', garageHref, '/')}
      onClick={(event) => {
        event.preventDefault();
        window.location.assign(signInHref('garage', garageHref, currentPath()));
      }}
    >
      Sign in
    </a>
  );
}
