'use client';

import { useId, useState } from 'react';
import { deliveryQuote, type DeliveryQuote, type DeliveryRegion } from '../../domain/delivery';
import { formatMoney } from '../../domain/format';
import { buttonClass } from '../../components/ui/button';
import controlStyles from '../../components/ui/control.module.css';
import styles from './DeliveryCalculator.module.css';

export function DeliveryForm({ regions, currency }: { regions: DeliveryRegion[]; currency: string }) {
  const [postcode, setPostcode] = useState('');
  const [quote, setQuote] = useState<DeliveryQuote | undefined>(undefined);
  const id = useId();
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <form
      className={`${styles.calc} delivery-calc`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setQuote(deliveryQuote(postcode, regions));
      }}
    >
      <label htmlFor={`${id}-postcode`}>Your postcode</label>
      <div className={styles.row}>
        <input
          className={controlStyles.control}
          id={`${id}-postcode`}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={postcode}
          onChange={(event) => setPostcode(event.target.value)}
          aria-describedby={`${id}-result`}
          aria-invalid={quote?.ok === false}
        />
        <button type="submit" className={buttonClass('primary')}>
          Get estimate
        </button>
      </div>
      <p id={`${id}-result`} className={quote?.ok === false ? styles.error : styles.result} role="status">
        {quote
          ? quote.ok
            ? `Delivery to ${quote.name}: ${quote.price === 0 ? 'free' : money(quote.price)}`
            : quote.message
          : ''}
      </p>
    </form>
  );
}
