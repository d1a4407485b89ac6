/** Asking for a code by SMS: to sign in, or to add the number to the signed-in account. */
import type { ReactNode } from 'react';
import { MOBILE_MESSAGE, normaliseMobile } from '../../domain/accounts/mobile-number';
import { authCall, signInClient } from '../../components/shopper/auth-client';
import { formText, type SignInFlow, type Step } from './sign-in-flow';
import { PhoneField, StepForm, SubmitButton } from './SignInFields';

export function PhoneCodeRequest({
  flow,
  next,
  intro,
  after,
}: {
  flow: SignInFlow;
  /** The step once the code is sent. */
  next: (phoneNumber: string) => Step;
  /** Shown above the field. */
  intro?: ReactNode;
  /** Shown below the button. */
  after?: ReactNode;
}) {
  const send = flow.submit(async (data) => {
    const phoneNumber = normaliseMobile(formText(data, 'phone'), flow.country);
    if (!phoneNumber) return flow.setError(MOBILE_MESSAGE);
    const answer = await authCall(() => signInClient().phoneNumber.sendOtp({ phoneNumber }));
    if (!answer.ok) return flow.fail(answer);
    flow.go(next(phoneNumber));
  });
  return (
    <StepForm onSubmit={send}>
      {intro}
      <PhoneField />
      <SubmitButton busy={flow.busy} label="Text me a code" />
      {after}
    </StepForm>
  );
}
