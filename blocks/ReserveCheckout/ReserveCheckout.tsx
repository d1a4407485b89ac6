import Image from 'next/image';
import type { BlockComponent } from '../types';
import { formatMoney, priceDisplay } from '../../domain/price-display';
import { purchaseButtonsHidden, reserveDeposit, sidebarCtas } from '../../domain/vehicle-rules';
import type { StockFilter } from '../../domain/stock-filter';
import { vehicleTitle } from '../../domain/vehicle-title';
import type { Car } from '../../services/stock';
import { prepareForm } from '../../server/page-data/form-block';
import { carByRef, pageVehicle } from '../../server/page-data/vehicle-context';
import { EnquiryFormClient } from '../EnquiryForm/EnquiryForm.client';
import { PaymentMethodList } from '../PaymentLogos/PaymentMethodList';

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
          <a className="button button--primary" href="/search">
            Browse our stock
          </a>
        </div>
      </section>
    );
  }
  const title = vehicleTitle(car);
  const eligible =
    !purchaseButtonsHidden(car) &&
    sidebarCtas(car, tenant.vehicle.rules as { reserve?: StockFilter }, { now }).includes('reserve');
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
      <div className="container checkout__grid">
        <div>
          <h1 id="checkout-heading">{heading}</h1>
          {eligible && prepared ? (
            <>
              <p className="checkout__lead">
                {deposit > 0 ? (
                  <>
                    Reserve the {title} with a <strong>{formatMoney(deposit, tenant.locale.currency)}</strong> deposit.
                  </>
                ) : (
                  <>Reserve the {title} now: no deposit needed.</>
                )}
              </p>
              <p className="checkout__terms">{props.terms}</p>
              {deposit > 0 ? (
                <>
                  <PaymentMethodList labelId="payment-methods" />
                  <p className="checkout__secure">
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
            <div className="sold-notice" role="status">
              <p className="sold-notice__title">This {tenant.vehicleWord} cannot be reserved online</p>
              <p>
                It may have just been reserved or sold. Call us or send an enquiry and we will help you find something
                similar.
              </p>
              <a className="button button--primary" href={`/cars/${car.slug}#enquire`}>
                Enquire about this {tenant.vehicleWord}
              </a>
            </div>
          )}
        </div>
        <aside className="checkout__car" aria-label="The car">
          {image ? <Image src={image} alt={title} width={600} height={400} quality={75} /> : null}
          <p className="checkout__title">
            <a href={`/cars/${car.slug}`}>{title}</a>
          </p>
          <p className="checkout__price">
            {'amount' in price ? formatMoney(price.amount, tenant.locale.currency) : price.text}
          </p>
          {car.stocknum ? <p className="checkout__stock">Stock number {car.stocknum}</p> : null}
        </aside>
      </div>
    </section>
  );
};
