/** Asking for a sign-in code by e-mail. */
import { authCall, signInClient } from '../../components/shopper/auth-client';
import { formText, type SignInFlow } from './sign-in-flow';
import { EmailField, StepForm, SubmitButton } from './SignInFields';

export function EmailCodeRequest({ flow }: { flow: SignInFlow }) {
  const send = flow.submit(async (data) => {
    const email = formText(data, 'email');
    const answer = await authCall(() => signInClient().emailOtp.sendVerificationOtp({ email, type: 'sign-in' }));
    if (!answer.ok) return flow.fail(answer);
    flow.go({ kind: 'emailCode', email });
  });
  return (
    <StepForm onSubmit={send}>
      <EmailField />
      <SubmitButton busy={flow.busy} label="Email me a code" />
    </StepForm>
  );
}
