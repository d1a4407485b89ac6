/** Confirming a new or unconfirmed address with its e-mailed code, which also signs in. */
import { authCall, signInClient } from '../../components/shopper/auth-client';
import { formText, type SignInFlow } from './sign-in-flow';
import { CodeField, StartOver, StepForm, SubmitButton } from './SignInFields';

export function VerifyEmail({ flow, email, note }: { flow: SignInFlow; email: string; note: string }) {
  const verify = flow.submit(async (data) => {
    const answer = await authCall(() => signInClient().emailOtp.verifyEmail({ email, otp: formText(data, 'code') }));
    if (answer.ok) return flow.afterSignIn();
    flow.fail(answer);
  });
  return (
    <StepForm onSubmit={verify}>
      <p>{note}</p>
      <CodeField />
      <SubmitButton busy={flow.busy} label="Confirm" />
      <StartOver onClick={() => flow.go({ kind: 'choose' })} />
    </StepForm>
  );
}
