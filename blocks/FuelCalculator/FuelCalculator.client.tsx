'use client';

import { useId, useState } from 'react';
import { weeklyFuelCost } from '../../domain/vehicle/fuel-calculator';
import { formatMoney } from '../../domain/format';
import controlStyles from '../../components/ui/control.module.css';
import styles from './FuelCalculator.module.css';

export function FuelCalculatorForm({
  consumption,
  kmPerWeek,
  pricePerLitre,
  currency,
}: {
  consumption: number;
  kmPerWeek: number;
  pricePerLitre: number;
  currency: string;
}) {
  const [km, setKm] = useState(String(kmPerWeek));
  const [price, setPrice] = useState(pricePerLitre.toFixed(2));
  const [litres, setLitres] = useState(String(consumption));
  const id = useId();
  const cost = weeklyFuelCost({ kmPerWeek: Number(km), litresPer100km: Number(litres), pricePerLitre: Number(price) });
  const money = (amount: number) => formatMoney(amount, currency, { cents: true });
  const field = (label: string, value: string, set: (v: string) => void, step: string, suffix: string) => (
    <label className={styles.field}>
      <span>{label}</span>
      <span className={styles.input}>
        <input
          className={controlStyles.control}
          type="number"
          inputMode="decimal"
          min="0"
          step={step}
          value={value}
          onChange={(event) => set(event.target.value)}
        />
        <span aria-hidden="true">{suffix}</span>
      </span>
    </label>
  );
  return (
    <form className={styles.calc} onSubmit={(event) => event.preventDefault()} aria-describedby={`${id}-result`}>
      {field('Kilometres per week', km, setKm, '10', 'km')}
      {field('Fuel price per litre', price, setPrice, '0.01', '$/L')}
      {field('Fuel consumption', litres, setLitres, '0.1', 'L/100 km')}
      <p id={`${id}-result`} className={`${styles.result} fuel-calc__result`} aria-live="polite">
        Estimated fuel cost: <strong>{money(cost)}</strong> per week
      </p>
    </form>
  );
}
