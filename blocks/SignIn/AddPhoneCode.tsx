/** Confirming the new mobile number with its texted code; then on to where the shopper was going. */
import { authCall, signInClient } from '../../components/shopper/auth-client';
import { formText, type SignInFlow } from './sign-in-flow';
import { CodeField, StepForm, SubmitButton } from './SignInFields';

export function AddPhoneCode({ flow, phoneNumber }: { flow: SignInFlow; phoneNumber: string }) {
  const confirm = flow.submit(async (data) => {
    const answer = await authCall(() =>
      signInClient().phoneNumber.verify({ phoneNumber, code: formText(data, 'code'), updatePhoneNumber: true }),
    );
    if (!answer.ok) return flow.fail(answer);
    window.location.assign(flow.redirect);
  });
  return (
    <StepForm onSubmit={confirm}>
      <p>We have texted a 6-digit code to {phoneNumber}.</p>
      <CodeField />
      <SubmitButton busy={flow.busy} label="Confirm mobile number" />
    </StepForm>
  );
}
