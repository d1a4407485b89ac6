import { redirect } from 'next/navigation';
import { currentStaff } from '../access';
import { safeReturnPath } from '../return-path';
import { SignInForm } from '../components/SignInForm.client';
import styles from '../components/studio.module.css';

/** The Studio's sign-in page. A signed-in staff member goes straight on to where they were going. */
export async function SignInScreen({ next, signedOut }: { next: string | undefined; signedOut: boolean }) {
  const returnTo = safeReturnPath(next);
  if (await currentStaff()) redirect(returnTo);
  return (
    <div className={styles.card}>
      <h1>Sign in to the Tenant Studio</h1>
      {signedOut ? (
        <p className={styles.notice} role="status">
          You are signed out.
        </p>
      ) : null}
      <p className={styles.hint}>For dealer website staff. Accounts are created by an admin; there is no sign-up.</p>
      <SignInForm next={returnTo} />
    </div>
  );
}
