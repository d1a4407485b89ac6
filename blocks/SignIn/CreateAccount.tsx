/** Creating an account with name, e-mail and password; the address is confirmed with an e-mailed code next. */
import { authCall, signInClient } from '../../components/shopper/auth-client';
import { formPassword, formText, type SignInFlow } from './sign-in-flow';
import { EmailField, Field, StartOver, StepForm, SubmitButton } from './SignInFields';

export function CreateAccount({ flow }: { flow: SignInFlow }) {
  const create = flow.submit(async (data) => {
    const email = formText(data, 'email');
    const answer = await authCall(() =>
      signInClient().signUp.email({ name: formText(data, 'name'), email, password: formPassword(data) }),
    );
    if (!answer.ok) return flow.fail(answer);
    flow.go({
      kind: 'verifyEmail',
      email,
      note: `We have e-mailed a 6-digit code to ${email}. If you already have an account with this address, the e-mail tells you how to sign in instead.`,
    });
  });
  return (
    <StepForm onSubmit={create}>
      <Field label="Name">{(id, a11y) => <input id={id} {...a11y} name="name" autoComplete="name" required />}</Field>
      <EmailField />
      <Field label="Password" hint="At least 8 characters.">
        {(id, a11y) => (
          <input id={id} {...a11y} name="password" type="password" autoComplete="new-password" minLength={8} required />
        )}
      </Field>
      <SubmitButton busy={flow.busy} label="Create account" />
      <StartOver onClick={() => flow.go({ kind: 'choose' })} />
    </StepForm>
  );
}
