import type { BlockComponent } from '../types';
import { PaymentMethodList } from './PaymentMethodList';

/** Accepted payment methods (conversion §9: Mastercard, Visa, Maestro, Google Pay, Apple Pay). */
export const PaymentLogos: BlockComponent<'PaymentLogos'> = ({ props }) => (
  <section className="container section payment-logos" aria-label="Payment methods">
    <PaymentMethodList labelId="payment-logos-label" label={props.label ?? 'We accept'} />
    {props.text ? <p className="payment-logos__text">{props.text}</p> : null}
  </section>
);
