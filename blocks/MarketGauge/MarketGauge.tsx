import type { BlockComponent } from '../types';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { LazyMarketGauge } from './MarketGauge.lazy';
import { effectiveAudience, pluginView } from '../../domain/accounts/plugins';
import { isSwitchedOn } from '../../domain/switches';
import { SignedInOnly } from '../../components/shopper/SignedInOnly.client';

export const MARKET_GAUGE_HEADING = 'How this price compares';

/**
 * Server shell: the Autogauge report is a plugin (tenant `plugins.autogauge`, conversion §6) for
 * used cars only, so new and demo cars ship no script. For signed-in shoppers only, the browser
 * checks the session and offers sign-in to everyone else.
 */
export const MarketGauge: BlockComponent<'MarketGauge'> = async ({ props, ctx }) => {
  const { car } = await pageVehicle(ctx);
  const audience = effectiveAudience(ctx.tenant.plugins.autogauge, isSwitchedOn('accounts', ctx.tenant.features));
  if (pluginView('autogauge', audience, true, car.car_type) === 'hidden') return null;
  const heading = props.heading ?? MARKET_GAUGE_HEADING;
  const gauge = <LazyMarketGauge slug={car.slug} heading={heading} currency={ctx.tenant.locale.currency} />;
  if (audience !== 'signedIn') return gauge;
  return (
    <SignedInOnly type="autogauge" label={`Sign in to see ${heading.charAt(0).toLowerCase()}${heading.slice(1)}`}>
      {gauge}
    </SignedInOnly>
  );
};
