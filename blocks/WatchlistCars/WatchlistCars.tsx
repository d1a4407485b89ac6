import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { cardGridClass } from '../../components/ui/card-grid';
import { VehiclePhoto } from '../../components/VehiclePhoto/VehiclePhoto';
import { stockCardBodyClass, stockCardClass } from '../../components/StockCard/card-classes';
import { priceDisplay } from '../../domain/price-display';
import { formatMoney } from '../../domain/format';
import { vehicleTitle } from '../../domain/vehicle-title';
import { signInHref } from '../../domain/accounts/gating';
import { WATCHLIST_STATUS_LABEL } from '../../domain/accounts/watchlist-status';
import { requestUser } from '../../server/page-data/account-context';
import { watchlistEntries } from '../../services/watchlist';
import { RemoveFromWatchlist } from './RemoveFromWatchlist.client';
import styles from './WatchlistCars.module.css';
import { pageBrand, withBrand } from '../../server/page-data/brand-context';

export const WatchlistCars: BlockComponent<'WatchlistCars'> = async ({ props, ctx }) => {
  const { tenant, now, path } = ctx;
  const brand = pageBrand(ctx);
  const heading = withBrand(props.heading ?? 'Your watchlist', brand);
  const Heading = props.headingLevel === 2 ? 'h2' : 'h1';
  const user = await requestUser(tenant);
  if (!user) {
    return (
      <section className="container section">
        <Heading>{heading}</Heading>
        <p>
          <Link href={signInHref('watchlist', path, path)}>Sign in</Link> to see the cars you saved.
        </p>
      </section>
    );
  }
  // A brand's garage lists that brand's cars (a car no longer known is listed everywhere, so it can be removed).
  const entries = (await watchlistEntries(tenant, user, now)).filter(
    ({ car }) => !brand || !car || car.make.toLowerCase() === brand.name.toLowerCase(),
  );
  const options = {
    currency: tenant.locale.currency,
    subscriptionOffer: tenant.features.subscriptionOffer,
    noPriceText: tenant.pricing.noPriceText,
    preorderText: tenant.pricing.preorderText,
  };
  return (
    <section className="container section" aria-labelledby="watchlist-heading">
      <Heading id="watchlist-heading" tabIndex={-1}>
        {heading}
      </Heading>
      {entries.length === 0 ? (
        <p>
          Your watchlist is empty. <Link href="/search/new-used-and-demo-cars">Search our stock</Link> and choose Save
          to watchlist on any car.
        </p>
      ) : (
        <ul className={cardGridClass} role="list">
          {entries.map(({ carId, car, status }) => {
            const title = car ? vehicleTitle(car) : `Car ${carId}`;
            const image = car?.images?.[0]?.image?.url ?? car?.primary_image_url;
            const price = car ? priceDisplay(car, options) : undefined;
            const linked = car && status !== 'gone';
            return (
              <li key={carId} className={stockCardClass}>
                {/* A car without a photo, or no longer known, shows the placeholder (issue 18). */}
                <VehiclePhoto
                  src={image}
                  body={car?.simple_body}
                  alt=""
                  width={600}
                  height={400}
                  sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                />
                <div className={stockCardBodyClass}>
                  <p>
                    <span className={`${styles.status}${styles[status] ? ` ${styles[status]}` : ''}`}>
                      {WATCHLIST_STATUS_LABEL[status]}
                    </span>
                  </p>
                  <h3 className="stock-card__title">
                    {linked ? <Link href={`/cars/${car.slug}`}>{title}</Link> : title}
                  </h3>
                  {price && status !== 'sold' && status !== 'gone' ? (
                    <p className="stock-card__price">
                      <strong>
                        {'amount' in price ? formatMoney(price.amount, tenant.locale.currency) : price.text}
                      </strong>
                    </p>
                  ) : null}
                  <RemoveFromWatchlist carId={carId} carName={title} phoneNumber={user.phoneNumber ?? null} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
};
