import type { BlockComponent } from '../types';
import { priceDisplay } from '../../domain/price-display';
import { formatMoney } from '../../domain/format';
import { reserveDeposit } from '../../domain/vehicle/reserve';
import { purchaseButtonsHidden, sidebarCtas } from '../../domain/vehicle/sidebar-ctas';
import type { StockFilter } from '../../domain/stock-filter';
import { vehicleTitle } from '../../domain/vehicle-title';
import type { Car } from '../../services/stock';
import { prepareForm } from '../../server/page-data/form-block';
import { carByRef, pageVehicle } from '../../server/page-data/vehicle-context';
import { EnquiryFormClient } from '../EnquiryForm/EnquiryForm.client';
import { PaymentMethodList } from '../PaymentLogos/PaymentMethodList';
import { buttonClass } from '../../components/ui/button';
import { VehiclePhoto } from '../../components/VehiclePhoto/VehiclePhoto';
import styles from './ReserveCheckout.module.css';
import sidebarStyles from '../VehicleSidebar/VehicleSidebar.module.css';

export const ReserveCheckout: BlockComponent<'ReserveCheckout'> = async ({ props, ctx }) => {
  const { tenant, now } = ctx;
  let car: Car | undefined;
  if (props.car === 'query') {
    car = await carByRef(tenant, (await ctx.searchParams()).get('car_id'));
  } else car = (await pageVehicle(ctx)).car;
  const heading = (props.heading ?? 'Reserve this {vehicle word}').replace('{vehicle word}', tenant.vehicleWord);
  if (!car) {
    return (
      <section className="section">
        <div className="container">
          <h1>{heading}</h1>
          <p>Choose a car to reserve from our stock first.</p>
          <a className={buttonClass('primary')} href="/search">
            Browse our stock
          </a>
        </div>
      </section>
    );
  }
  const title = vehicleTitle(car);
  const eligible =
    !purchaseButtonsHidden(car) &&
    sidebarCtas(car, tenant.vehicle.rules as { reserve?: StockFilter }, {
      now,
      autograbOn: tenant.features.autograb,
    }).includes('reserve');
  const deposit = reserveDeposit(tenant.vehicle.reserveAmount);
  const price = priceDisplay(car, {
    subscriptionOffer: tenant.features.subscriptionOffer,
    noPriceText: tenant.pricing.noPriceText,
    preorderText: tenant.pricing.preorderText,
  });
  const prepared = eligible ? await prepareForm(tenant, 'reservation', { car }) : undefined;
  const image = car.images?.[0]?.image?.url ?? car.primary_image_url;
  return (
    <section className="section checkout" aria-labelledby="checkout-heading">
      <div className={`container ${styles.grid}`}>
        <div>
          <h1 id="checkout-heading">{heading}</h1>
          {eligible && prepared ? (
            <>
              <p className={styles.lead}>
                {deposit > 0 ? (
                  <>
                    Reserve the {title} with a <strong>{formatMoney(deposit, tenant.locale.currency)}</strong> deposit.
                  </>
                ) : (
                  <>Reserve the {title} now: no deposit needed.</>
                )}
              </p>
              <p className={styles.terms}>{props.terms}</p>
              {deposit > 0 ? (
                <>
                  <PaymentMethodList labelId="payment-methods" />
                  <p className={styles.secure}>
                    Payment is taken by our payment provider; your card details never reach this website.
                  </p>
                </>
              ) : null}
              <EnquiryFormClient
                site={tenant.slug}
                form={prepared.form}
                endpoint="/api/reservations"
                {...(prepared.car ? { car: prepared.car } : {})}
              />
            </>
          ) : (
            <div className={`${sidebarStyles.soldNotice} sold-notice`} role="status">
              <p className={sidebarStyles.soldNoticeTitle}>This {tenant.vehicleWord} cannot be reserved online</p>
              <p>
                It may have just been reserved or sold. Call us or send an enquiry and we will help you find something
                similar.
              </p>
              <a className={buttonClass('primary')} href={`/cars/${car.slug}#enquire`}>
                Enquire about this {tenant.vehicleWord}
              </a>
            </div>
          )}
        </div>
        <aside className={styles.car} aria-label="The car">
          <VehiclePhoto src={image} body={car.simple_body} alt={title} width={600} height={400} />
          <p className={styles.title}>
            <a href={`/cars/${car.slug}`}>{title}</a>
          </p>
          <p className={styles.price}>
            {'amount' in price ? formatMoney(price.amount, tenant.locale.currency) : price.text}
          </p>
          {car.stocknum ? <p className="checkout__stock">Stock number {car.stocknum}</p> : null}
        </aside>
      </div>
    </section>
  );
};
