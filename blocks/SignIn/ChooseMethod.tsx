/** The first step: the site's ways to sign in (when it offers more than one) and the chosen one's form. */
import { buttonClass } from '../../components/ui/button';
import type { Method, SignInFlow } from './sign-in-flow';
import { EmailCodeRequest } from './EmailCodeRequest';
import { PasswordSignIn } from './PasswordSignIn';
import { PhoneCodeRequest } from './PhoneCodeRequest';
import styles from './SignIn.module.css';

const METHOD_LABEL: Record<Method, string> = {
  password: 'Password',
  emailCode: 'Code by e-mail',
  smsCode: 'Code by SMS',
};

export function ChooseMethod({
  flow,
  methods,
  method,
  onMethod,
}: {
  flow: SignInFlow;
  methods: readonly Method[];
  method: Method;
  onMethod: (method: Method) => void;
}) {
  return (
    <>
      {methods.length > 1 ? (
        <div className={styles.methods} role="group" aria-label="How to sign in">
          {methods.map((m) => (
            <button
              key={m}
              type="button"
              className={buttonClass(m === method ? 'primary' : 'outline')}
              aria-pressed={m === method}
              onClick={() => onMethod(m)}
            >
              {METHOD_LABEL[m]}
            </button>
          ))}
        </div>
      ) : null}
      {method === 'password' ? (
        <PasswordSignIn flow={flow} />
      ) : method === 'emailCode' ? (
        <EmailCodeRequest flow={flow} />
      ) : (
        <PhoneCodeRequest flow={flow} next={(phoneNumber) => ({ kind: 'smsCode', phoneNumber })} />
      )}
    </>
  );
}
