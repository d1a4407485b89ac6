/**
 * The pieces every sign-in step is built from: labelled fields that point at the panel's error,
 * the submit button that says when it is busy, and the way back to the first step.
 */
import { createContext, useContext, useId, type FormEvent, type ReactNode } from 'react';
import { buttonClass, linkButtonClass } from '../../components/ui/button';
import { authCall } from '../../components/shopper/auth-client';
import formStyles from '../../components/ui/form.module.css';
import { formText, type SignInFlow } from './sign-in-flow';
import styles from './SignIn.module.css';

export const ERROR_ID = 'sign-in-error';
/** Whether the panel shows an error: every field then points at it, so screen readers read it with the field. */
export const ErrorShown = createContext(false);

interface FieldA11y {
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export function Field({
  label,
  children,
  hint,
}: {
  label: string;
  children: (id: string, a11y: FieldA11y) => ReactNode;
  hint?: string;
}) {
  const id = useId();
  const error = useContext(ErrorShown);
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, error ? ERROR_ID : undefined].filter(Boolean).join(' ');
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className={formStyles.help} id={hintId}>
          {hint}
        </p>
      ) : null}
      {children(id, {
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
    </div>
  );
}

export function CodeField() {
  return (
    <Field label="6-digit code">
      {(id, a11y) => (
        <input
          id={id}
          {...a11y}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
        />
      )}
    </Field>
  );
}

export function EmailField() {
  return (
    <Field label="Email">
      {(id, a11y) => <input id={id} {...a11y} name="email" type="email" autoComplete="email" required />}
    </Field>
  );
}

export function PhoneField() {
  return (
    <Field label="Mobile number" hint="We text you a 6-digit code.">
      {(id, a11y) => <input id={id} {...a11y} name="phone" type="tel" autoComplete="tel" required />}
    </Field>
  );
}

export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button type="submit" className={buttonClass('primary')} disabled={busy} aria-busy={busy}>
      {busy ? 'Please wait…' : label}
    </button>
  );
}

export function StartOver({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className={linkButtonClass} onClick={onClick}>
      Use another way to sign in
    </button>
  );
}

/** A step's form, laid out as the panel lays out every form. */
export function StepForm({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form className={styles.form} onSubmit={onSubmit}>
      {children}
    </form>
  );
}

/**
 * A step that signs in with a 6-digit code (e-mailed, texted, or confirming an address): `check`
 * is the better-auth call that checks the code (run through authCall), and a good answer goes on
 * as after any sign-in. `children` is what the step says above the field.
 */
export function CodeSignIn({
  flow,
  check,
  label,
  children,
}: {
  flow: SignInFlow;
  check: (code: string) => ReturnType<Parameters<typeof authCall>[0]>;
  label: string;
  children: ReactNode;
}) {
  const signIn = flow.submit(async (data) => {
    const code = formText(data, 'code');
    const answer = await authCall(() => check(code));
    if (answer.ok) return flow.afterSignIn();
    flow.fail(answer);
  });
  return (
    <StepForm onSubmit={signIn}>
      <p>{children}</p>
      <CodeField />
      <SubmitButton busy={flow.busy} label={label} />
      <StartOver onClick={() => flow.go({ kind: 'choose' })} />
    </StepForm>
  );
}
