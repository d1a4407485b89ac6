import type { BlockComponent } from '../types';
import { pageVehicle } from '../vehicle-context';
import { LazyMarketGauge } from './MarketGauge.lazy';

export const MARKET_GAUGE_HEADING = 'How this price compares';

/** Server shell: only used cars get a gauge (conversion §6), so new and demo cars ship no script. */
export const MarketGauge: BlockComponent<'MarketGauge'> = async ({ props, ctx }) => {
  const { car } = await pageVehicle(ctx);
  if (car.car_type !== 'used') return null;
  return <LazyMarketGauge slug={car.slug} heading={props.heading ?? MARKET_GAUGE_HEADING} currency={ctx.tenant.locale.currency} />;
};
