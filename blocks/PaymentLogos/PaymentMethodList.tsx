import { PAYMENT_METHODS } from '../../domain/payment-methods';
import styles from './PaymentLogos.module.css';

/** The accepted payment methods (conversion §9) as a list named by its label; shared by the checkout and the PaymentLogos block. */
export function PaymentMethodList({ labelId, label = 'We accept' }: { labelId: string; label?: string }) {
  return (
    <>
      <p className={styles.methodsLabel} id={labelId}>
        {label}
      </p>
      <ul className={styles.methods} aria-labelledby={labelId}>
        {PAYMENT_METHODS.map((m) => (
          <li key={m} className="payment-badge">
            {m}
          </li>
        ))}
      </ul>
    </>
  );
}
