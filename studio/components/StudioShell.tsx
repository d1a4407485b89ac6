import type { ReactNode } from 'react';
import type { StaffSession } from '../../services/staff-auth/staff-session';
import { ROLE_LABELS } from './role-labels';
import styles from './studio.module.css';

/**
 * The frame of every Studio page: its name, an admin's links to the sites, the audit log and the
 * staff, who is signed in with their role, and a sign-out button that is a plain form (it works
 * without any script).
 */
export function StudioShell({ staff, children }: { staff: StaffSession | undefined; children: ReactNode }) {
  return (
    <div className={styles.studio}>
      <a className={styles.skip} href="#studio-main">
        Skip to content
      </a>
      <header className={styles.header}>
        <p className={styles.brand}>
          <a href="/">Tenant Studio</a>
        </p>
        {staff?.role === 'admin' ? (
          <nav aria-label="Studio" className={styles.who}>
            <a href="/">Sites</a>
            <a href="/audit">Audit log</a>
            <a href="/staff">Staff</a>
          </nav>
        ) : null}
        {staff ? (
          <div className={styles.who}>
            <span>
              Signed in as {staff.user.email} ({ROLE_LABELS[staff.role]})
            </span>
            <form method="post" action="/api/studio/sign-out">
              <button type="submit" className={`${styles.button} ${styles.secondary}`}>
                Sign out
              </button>
            </form>
          </div>
        ) : null}
      </header>
      <main id="studio-main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}
