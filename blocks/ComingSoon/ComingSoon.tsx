import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';

export const ComingSoon: BlockComponent<'ComingSoon'> = ({ props, ctx }) => {
  const phone = ctx.tenant.contact?.phone;
  return (
    <section className="container page-message">
      <h1>{props.heading}</h1>
      <p>{props.text ?? 'This part of our website is on its way.'}</p>
      <p>
        {phone ? (
          <>
            In the meantime our team is happy to help: call <a href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>{phone}</a>
            {' or '}
          </>
        ) : null}
        <Link href="/">return to the home page</Link>.
      </p>
    </section>
  );
};
