/** Signing in with the code texted to the number (which makes an account for a new number). */
import { signInClient } from '../../components/shopper/auth-client';
import type { SignInFlow } from './sign-in-flow';
import { CodeSignIn } from './SignInFields';

export function SmsCodeSignIn({ flow, phoneNumber }: { flow: SignInFlow; phoneNumber: string }) {
  return (
    <CodeSignIn flow={flow} label="Sign in" check={(code) => signInClient().phoneNumber.verify({ phoneNumber, code })}>
      We have texted a 6-digit code to {phoneNumber}. It expires in 10 minutes.
    </CodeSignIn>
  );
}
