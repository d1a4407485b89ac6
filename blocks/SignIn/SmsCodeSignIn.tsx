/** Signing in with the code texted to the number (which makes an account for a new number). */
import { authCall, signInClient } from '../../components/shopper/auth-client';
import { formText, type SignInFlow } from './sign-in-flow';
import { CodeField, StartOver, StepForm, SubmitButton } from './SignInFields';

export function SmsCodeSignIn({ flow, phoneNumber }: { flow: SignInFlow; phoneNumber: string }) {
  const signIn = flow.submit(async (data) => {
    const answer = await authCall(() =>
      signInClient().phoneNumber.verify({ phoneNumber, code: formText(data, 'code') }),
    );
    if (!answer.ok) return flow.fail(answer);
    await flow.afterSignIn();
  });
  return (
    <StepForm onSubmit={signIn}>
      <p>We have texted a 6-digit code to {phoneNumber}. It expires in 10 minutes.</p>
      <CodeField />
      <SubmitButton busy={flow.busy} label="Sign in" />
      <StartOver onClick={() => flow.go({ kind: 'choose' })} />
    </StepForm>
  );
}
