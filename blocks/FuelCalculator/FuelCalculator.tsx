import type { BlockComponent } from '../types';
import {
  FUEL_KM_PER_WEEK,
  FUEL_PRICE_PER_LITRE,
  fuelConsumption,
  showsFuelCalculator,
} from '../../domain/vehicle/fuel-calculator';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { FuelCalculatorForm } from './FuelCalculator.client';
import styles from './FuelCalculator.module.css';

export const FuelCalculator: BlockComponent<'FuelCalculator'> = async ({ props, ctx }) => {
  const { car } = await pageVehicle(ctx);
  if (!showsFuelCalculator(car)) return null;
  return (
    <section className={styles.section} aria-labelledby="fuel-calculator-heading">
      <h2 id="fuel-calculator-heading">{props.heading ?? 'Fuel cost calculator'}</h2>
      <FuelCalculatorForm
        consumption={fuelConsumption(car)}
        kmPerWeek={FUEL_KM_PER_WEEK}
        pricePerLitre={FUEL_PRICE_PER_LITRE}
        currency={ctx.tenant.locale.currency}
      />
    </section>
  );
};
