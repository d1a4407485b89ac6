/** Confirming a new or unconfirmed address with its e-mailed code, which also signs in. */
import { signInClient } from '../../components/shopper/auth-client';
import type { SignInFlow } from './sign-in-flow';
import { CodeSignIn } from './SignInFields';

export function VerifyEmail({ flow, email, note }: { flow: SignInFlow; email: string; note: string }) {
  return (
    <CodeSignIn flow={flow} label="Confirm" check={(otp) => signInClient().emailOtp.verifyEmail({ email, otp })}>
      {note}
    </CodeSignIn>
  );
}
