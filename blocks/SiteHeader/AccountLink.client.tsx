'use client';

import { currentPath, useAccount } from '../../components/shopper/account';
import { signInHref } from '../../domain/accounts/gating';
import styles from './SiteHeader.module.css';

const LABELS = ['My account', 'My Garage', 'Sign in'] as const;

/**
 * The link's face: a person icon on narrow screens, else the label. Every label is laid out in the
 * same grid cell (the others invisible and hidden from assistive technology), so the link is as
 * wide as its widest label whatever the session turns out to be: learning it after hydration
 * never moves the header (it used to wrap 'My account' onto a second row, then unwrap: CLS 0.37).
 */
function AccountFace({ label }: { label: (typeof LABELS)[number] }) {
  return (
    <>
      <svg
        className={styles.accountIcon}
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className={styles.accountLabels}>
        {LABELS.map((text) =>
          text === label ? (
            <span key={text}>{text}</span>
          ) : (
            <span key={text} className={styles.accountSpacer} aria-hidden="true">
              {text}
            </span>
          ),
        )}
      </span>
    </>
  );
}

/** 'Sign in' or 'My Garage' in the header of sites with accounts; the cached header learns who is signed in here. */
export function AccountLink({ garageHref }: { garageHref: string }) {
  const [account] = useAccount();
  // Until the session is known, a neutral link: My Garage itself sends signed-out shoppers to sign-in.
  if (account.status === 'idle' || account.status === 'loading') {
    return (
      <a className={styles.account} href={garageHref}>
        <AccountFace label="My account" />
      </a>
    );
  }
  if (account.user) {
    return (
      <a className={styles.account} href={garageHref}>
        <AccountFace label="My Garage" />
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
      <AccountFace label="Sign in" />
    </a>
  );
}
