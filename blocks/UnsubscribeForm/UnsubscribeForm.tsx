import type { BlockComponent } from '../types';
import { MAX_EMAIL_LENGTH, UNSUBSCRIBE_TOKEN_PATTERN } from '../../domain/consent/marketing-consent';
import formStyles from '../../components/ui/form.module.css';
import { UnsubscribeFormClient } from './UnsubscribeForm.client';
import type { UnsubscribeOutcome } from './UnsubscribeForm.client';

const OUTCOMES: readonly UnsubscribeOutcome[] = ['done', 'invalid', 'link', 'limited', 'unavailable'];

/**
 * /pages/unsubscribe (conversion §2.3): the form that withdraws marketing consent on this site. The
 * link in an e-mail brings the address and its token (?email=&token=, issue 30 L7): only then is
 * there a form, for that address; without them the page says to use the link. ?result= is where a
 * post made without JavaScript lands, so the outcome is shown either way.
 */
export const UnsubscribeForm: BlockComponent<'UnsubscribeForm'> = async ({ props, ctx }) => {
  const query = await ctx.searchParams();
  const email = query.get('email')?.slice(0, MAX_EMAIL_LENGTH) ?? '';
  const token = query.get('token') ?? '';
  const signed = email !== '' && UNSUBSCRIBE_TOKEN_PATTERN.test(token);
  const result = query.get('result');
  const outcome = OUTCOMES.find((o) => o === result);
  return (
    <section className="section" aria-labelledby="unsubscribe-heading">
      <div className={`container ${formStyles.inner}`}>
        <h1 id="unsubscribe-heading">{props.heading ?? 'Unsubscribe from marketing e-mails'}</h1>
        {/* The introduction speaks of the form: without a link's token there is none. */}
        {props.intro && signed ? <p className={formStyles.intro}>{props.intro}</p> : null}
        <UnsubscribeFormClient
          siteName={ctx.tenant.name}
          initialEmail={email}
          {...(signed ? { token } : {})}
          {...(outcome ? { initialOutcome: outcome } : {})}
          submitText={props.submitText ?? 'Unsubscribe'}
        />
      </div>
    </section>
  );
};
