/** Signing in with the code e-mailed to the address. */
import { authCall, signInClient } from '../../components/shopper/auth-client';
import { formText, type SignInFlow } from './sign-in-flow';
import { CodeField, StartOver, StepForm, SubmitButton } from './SignInFields';

export function EmailCodeSignIn({ flow, email }: { flow: SignInFlow; email: string }) {
  const signIn = flow.submit(async (data) => {
    const answer = await authCall(() => signInClient().signIn.emailOtp({ email, otp: formText(data, 'code') }));
    if (answer.ok) return flow.afterSignIn();
    flow.fail(answer);
  });
  return (
    <StepForm onSubmit={signIn}>
      <p>We have sent a 6-digit code to {email}. It expires in 10 minutes.</p>
      <CodeField />
      <SubmitButton busy={flow.busy} label="Sign in" />
      <StartOver onClick={() => flow.go({ kind: 'choose' })} />
    </StepForm>
  );
}
