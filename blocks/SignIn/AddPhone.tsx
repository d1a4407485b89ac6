/** Asking a signed-in shopper for a mobile number: required for the watchlist, optional otherwise. */
import { linkButtonClass } from '../../components/ui/button';
import { PhoneCodeRequest } from './PhoneCodeRequest';
import type { SignInFlow } from './sign-in-flow';

export function AddPhone({ flow, needsPhone }: { flow: SignInFlow; needsPhone: boolean }) {
  return (
    <PhoneCodeRequest
      flow={flow}
      next={(phoneNumber) => ({ kind: 'addPhoneCode', phoneNumber })}
      intro={
        <p>
          {needsPhone
            ? 'Your watchlist is kept under your mobile number.'
            : 'Add a mobile number so we can reach you about the cars you save.'}
        </p>
      }
      after={
        needsPhone ? null : (
          <a className={linkButtonClass} href={flow.redirect}>
            Skip for now
          </a>
        )
      }
    />
  );
}
