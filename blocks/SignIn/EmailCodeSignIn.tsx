/** Signing in with the code e-mailed to the address. */
import { signInClient } from '../../components/shopper/auth-client';
import type { SignInFlow } from './sign-in-flow';
import { CodeSignIn } from './SignInFields';

export function EmailCodeSignIn({ flow, email }: { flow: SignInFlow; email: string }) {
  return (
    <CodeSignIn flow={flow} label="Sign in" check={(otp) => signInClient().signIn.emailOtp({ email, otp })}>
      We have sent a 6-digit code to {email}. It expires in 10 minutes.
    </CodeSignIn>
  );
}
