'use client';

import { useId, useState } from 'react';
import { deliveryQuote, type DeliveryQuote, type DeliveryRegion } from '../../domain/delivery';

export function DeliveryForm({ regions, currency }: { regions: DeliveryRegion[]; currency: string }) {
  const [postcode, setPostcode] = useState('');
  const [quote, setQuote] = useState<DeliveryQuote | undefined>(undefined);
  const id = useId();
  const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency, maximumFractionDigits: 0 });
  return (
    <form
      className="delivery-calc"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setQuote(deliveryQuote(postcode, regions));
      }}
    >
      <label htmlFor={`${id}-postcode`}>Your postcode</label>
      <div className="delivery-calc__row">
        <input
          id={`${id}-postcode`}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={postcode}
          onChange={(event) => setPostcode(event.target.value)}
          aria-describedby={`${id}-result`}
          aria-invalid={quote?.ok === false}
        />
        <button type="submit" className="button button--primary">
          Get estimate
        </button>
      </div>
      <p
        id={`${id}-result`}
        className={quote?.ok === false ? 'delivery-calc__error' : 'delivery-calc__result'}
        role="status"
      >
        {quote
          ? quote.ok
            ? `Delivery to ${quote.name}: ${quote.price === 0 ? 'free' : money.format(quote.price)}`
            : quote.message
          : ''}
      </p>
    </form>
  );
}
