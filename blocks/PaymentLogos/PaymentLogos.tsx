import type { BlockComponent } from '../types';
import { PaymentMethodList } from './PaymentMethodList';
import styles from './PaymentLogos.module.css';

/** Accepted payment methods (conversion §9: Mastercard, Visa, Maestro, Google Pay, Apple Pay). */
export const PaymentLogos: BlockComponent<'PaymentLogos'> = ({ props }) => (
  <section className={`container section ${styles.paymentLogos}`} aria-label="Payment methods">
    <PaymentMethodList labelId="payment-logos-label" label={props.label ?? 'We accept'} />
    {props.text ? <p className={styles.text}>{props.text}</p> : null}
  </section>
);
