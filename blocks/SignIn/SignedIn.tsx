/** Already signed in: go on, or sign out (and start again). */
import { buttonClass } from '../../components/ui/button';
import { authCall, signInClient } from '../../components/shopper/auth-client';
import type { SignInFlow } from './sign-in-flow';
import styles from './SignIn.module.css';

export function SignedIn({ flow }: { flow: SignInFlow }) {
  const signOut = () =>
    flow.run(async () => {
      await authCall(() => signInClient().signOut());
      flow.go({ kind: 'choose' });
      flow.setNotice('You are signed out.');
    });
  return (
    <div className={styles.form}>
      <a className={buttonClass('primary')} href={flow.redirect}>
        Continue
      </a>
      <button type="button" className={buttonClass('outline')} onClick={signOut} disabled={flow.busy}>
        Sign out
      </button>
    </div>
  );
}
