import type { BlockComponent } from '../types';
import type { StockFilter } from '../../domain/stock-filter';
import { fillCarLink, VEHICLE_ENQUIRY_ANCHOR } from '../../domain/car-links';
import { RESERVE_NOW_TEXT } from '../../domain/vehicle/reserve';
import { sidebarCtas } from '../../domain/vehicle/sidebar-ctas';
import { INSTANT_OFFER_HREF, INSTANT_OFFER_SHORT_TEXT } from '../../domain/vehicle/instant-offer';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { vehiclePhone } from '../../server/page-data/vehicle-phone';
import { MobileBar, StickyVehicleHeader } from './VehicleMobileBar.client';
import { vehicleTitle } from '../../domain/vehicle-title';
import { priceDisplay } from '../../domain/price-display';
import { formatMoney } from '../../domain/format';
import { INSTANT_MESSAGE_CATEGORY as INSTANT_MESSAGE_TEXT } from '../../domain/messaging';

export const VehicleMobileBar: BlockComponent<'VehicleMobileBar'> = async ({ props, ctx }) => {
  const { tenant, now } = ctx;
  const { car, location } = await pageVehicle(ctx);
  const rules = tenant.vehicle.rules as { reserve?: StockFilter };
  const ctas = sidebarCtas(car, rules, { now, autograbOn: tenant.features.autograb });
  const canReserve = ctas.includes('reserve');
  const instantOfferHref = ctas.includes('instant-offer')
    ? fillCarLink(props.instantOfferHref ?? INSTANT_OFFER_HREF, car)
    : undefined;
  const phone = vehiclePhone(car, tenant, location?.contact_detail?.phone);
  // The vehicle page's own enquiry form (#enquire) is about this car and keeps the shopper on its page.
  const enquireHref = fillCarLink(props.enquireHref ?? VEHICLE_ENQUIRY_ANCHOR, car);
  // catalogue §2: the bar shows Enquire Now or Instant Message; the latter opens the chat bubble where the site has one.
  const messaging = tenant.messaging.enabled;
  const opensChat = messaging && (props.instantMessage ?? tenant.messaging.mobileBar);
  const enquireLabel = (props.instantMessage ?? opensChat) ? INSTANT_MESSAGE_TEXT : 'Enquire Now';
  const price = priceDisplay(car, {
    subscriptionOffer: tenant.features.subscriptionOffer,
    noPriceText: tenant.pricing.noPriceText,
    preorderText: tenant.pricing.preorderText,
  });
  return (
    <>
      <StickyVehicleHeader
        title={vehicleTitle(car)}
        price={'amount' in price ? formatMoney(price.amount, tenant.locale.currency) : price.text}
        enquireHref={enquireHref}
        enquireLabel={props.instantMessage ? INSTANT_MESSAGE_TEXT : 'Enquire Now'}
      />
      <MobileBar
        reserveHref={canReserve ? `/cars/${car.slug}/checkout` : undefined}
        reserveLabel={RESERVE_NOW_TEXT}
        {...(instantOfferHref ? { instantOfferHref, instantOfferLabel: INSTANT_OFFER_SHORT_TEXT } : {})}
        enquireHref={enquireHref}
        enquireLabel={enquireLabel}
        phone={phone}
        {...(messaging ? { chatCar: { id: car.id, title: vehicleTitle(car) }, enquireOpensChat: opensChat } : {})}
      />
    </>
  );
};
