import type { BlockComponent } from '../types';
import { DeliveryForm } from './DeliveryCalculator.client';

export const DeliveryCalculator: BlockComponent<'DeliveryCalculator'> = ({ props, ctx }) => {
  const regions = ctx.tenant.vehicle.deliveryRegions;
  if (!regions.length) return null;
  return (
    <section className="delivery-calculator" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading">{props.heading ?? 'Delivery to your door'}</h2>
      <DeliveryForm regions={regions} currency={ctx.tenant.locale.currency} />
    </section>
  );
};
