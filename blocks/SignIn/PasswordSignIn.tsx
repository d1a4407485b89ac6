/** Signing in with e-mail and password; an address not confirmed yet goes on to its code. */
import { linkButtonClass } from '../../components/ui/button';
import { authCall, signInClient } from '../../components/shopper/auth-client';
import { formPassword, formText, type SignInFlow } from './sign-in-flow';
import { EmailField, Field, StepForm, SubmitButton } from './SignInFields';

export function PasswordSignIn({ flow }: { flow: SignInFlow }) {
  const signIn = flow.submit(async (data) => {
    const email = formText(data, 'email');
    const answer = await authCall(() => signInClient().signIn.email({ email, password: formPassword(data) }));
    if (answer.ok) return flow.afterSignIn();
    if (answer.code === 'EMAIL_NOT_VERIFIED') {
      flow.go({
        kind: 'verifyEmail',
        email,
        note: `Your address is not confirmed yet. We have sent a 6-digit code to ${email}.`,
      });
      return;
    }
    flow.fail(answer);
  });
  return (
    <StepForm onSubmit={signIn}>
      <EmailField />
      <Field label="Password">
        {(id, a11y) => (
          <input id={id} {...a11y} name="password" type="password" autoComplete="current-password" required />
        )}
      </Field>
      <SubmitButton busy={flow.busy} label="Sign in" />
      <p>
        New here?{' '}
        <button type="button" className={linkButtonClass} onClick={() => flow.go({ kind: 'create' })}>
          Create an account
        </button>
      </p>
    </StepForm>
  );
}
