'use client';

import { useState } from 'react';
import { formatMoney } from '../../domain/format';
import {
  PRICE_RANGE_MAX,
  PRICE_RANGE_MIN,
  PRICE_RANGE_STEP,
  movePriceRange,
  priceRangeSearchUrl,
  type PriceRange,
} from '../../domain/price-range';
import { buttonClass } from '../../components/ui/button';
import styles from './PriceRangeSearch.module.css';

/**
 * Two range inputs (minimum and maximum price) and a link to the search page with the range.
 * The link is a plain anchor rendered on the server too, so it works before the script loads.
 */
export function PriceRangeForm({
  initial,
  currency,
  vehicleWord,
}: {
  initial: PriceRange;
  currency: string;
  vehicleWord: string;
}) {
  const [range, setRange] = useState(initial);
  const money = (amount: number) => formatMoney(amount, currency);
  const maxText = range.max >= PRICE_RANGE_MAX ? `${money(range.max)}+` : money(range.max);
  const href = priceRangeSearchUrl(range);
  return (
    <div className={styles.form}>
      <div className={styles.field}>
        <label htmlFor="price-range-min">Minimum price</label>
        <output htmlFor="price-range-min" className={styles.value} id="price-range-min-value">
          {money(range.min)}
        </output>
        <input
          id="price-range-min"
          type="range"
          min={PRICE_RANGE_MIN}
          max={PRICE_RANGE_MAX}
          step={PRICE_RANGE_STEP}
          value={range.min}
          aria-valuetext={money(range.min)}
          onChange={(event) => setRange((current) => movePriceRange(current, 'min', Number(event.target.value)))}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="price-range-max">Maximum price</label>
        <output htmlFor="price-range-max" className={styles.value} id="price-range-max-value">
          {maxText}
        </output>
        <input
          id="price-range-max"
          type="range"
          min={PRICE_RANGE_MIN}
          max={PRICE_RANGE_MAX}
          step={PRICE_RANGE_STEP}
          value={range.max}
          aria-valuetext={maxText}
          onChange={(event) => setRange((current) => movePriceRange(current, 'max', Number(event.target.value)))}
        />
      </div>
      <p className={styles.summary} aria-live="polite">
        {vehicleWord[0]?.toUpperCase()}
        {vehicleWord.slice(1)}s from {money(range.min)}{' '}
        {range.max >= PRICE_RANGE_MAX ? 'and up' : `to ${money(range.max)}`}
      </p>
      <a className={buttonClass('primary')} href={href}>
        Show {vehicleWord}s in this price range
      </a>
    </div>
  );
}
