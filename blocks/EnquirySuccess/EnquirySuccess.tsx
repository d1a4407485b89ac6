import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { SuccessDetails } from './EnquirySuccess.client';
import { buttonClass } from '../../components/ui/button';
import styles from './EnquirySuccess.module.css';

export const EnquirySuccess: BlockComponent<'EnquirySuccess'> = ({ props, ctx }) => (
  <section className="section success" aria-labelledby="success-heading">
    <div className="container">
      <h1 id="success-heading">{props.heading}</h1>
      <SuccessDetails site={ctx.tenant.slug} />
      <p>{props.body}</p>
      {ctx.tenant.contact?.phone ? (
        <p>
          Need us sooner? Call{' '}
          <a href={`tel:${ctx.tenant.contact.phone.replace(/[^0-9+]/g, '')}`}>{ctx.tenant.contact.phone}</a>.
        </p>
      ) : null}
      <ul className={styles.links}>
        {(props.links ?? []).map((l) => (
          <li key={l.href}>
            <Link className={buttonClass('outline')} href={l.href}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  </section>
);
