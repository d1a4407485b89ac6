import { IntentLink as Link } from '../shopper/IntentLink';
import { VehiclePhoto } from '../VehiclePhoto/VehiclePhoto';
import { priceDisplay } from '../../domain/price-display';
import { formatKm, formatMoney } from '../../domain/format';
import { vehicleTitle } from '../../domain/vehicle-title';
import { fillCarLink } from '../../domain/car-links';
import { cardTag } from '../../domain/card-tags';
import type { CardCar, CardSettings } from './card-settings';
import { buttonClass } from '../ui/button';
import { stockCardClass } from './card-classes';
import { CardTagLabel } from './CardTagLabel';
import { UsedCarDisclaimer } from '../UsedCarDisclaimer/UsedCarDisclaimer';
import { CompareToggle } from '../CompareToggle/CompareToggle.client';
import styles from './StockCard.module.css';

/**
 * One stock card (catalogue §2 Search results): image with its tag (catalogue §4 card tag
 * precedence), title, attribute chips, price by the display priority, buttons, and for used cars
 * the tenant's disclaimer, short with a toggle to the full text. It uses no server-only code, so
 * client components (similar cars) render the same card.
 */
export function StockCard({
  car,
  settings,
  now,
  priority = false,
}: {
  car: CardCar;
  settings: CardSettings;
  now: Date;
  priority?: boolean;
}) {
  const title = vehicleTitle(car);
  const href = `/cars/${car.slug}`;
  const image = car.images?.[0]?.image?.url ?? car.primary_image_url;
  const price = priceDisplay(car, settings);
  const chips = [
    car.km !== undefined ? formatKm(car.km) : undefined,
    car.simple_transmission ?? car.trans,
    car.simple_fuel ?? car.fuel,
    car.simple_body,
  ].filter((c): c is string => Boolean(c));
  const buttons = settings.buttons;
  const carTypeLabel = car.car_type === 'new' ? 'New' : car.car_type === 'demo' ? 'Demo' : 'Used';
  const tag = cardTag(car, { now, ...settings });
  return (
    <article className={stockCardClass} aria-labelledby={`car-${car.id}`}>
      <Link href={href} className={styles.media} tabIndex={-1} aria-hidden="true">
        {/* No photo, or one that cannot be had: a placeholder naming the body type (issue 18). */}
        <VehiclePhoto
          src={image}
          body={car.simple_body}
          alt=""
          width={600}
          height={400}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          priority={priority}
        />
      </Link>
      {tag ? <CardTagLabel tag={tag} certifiedBadgeSrc={settings.certifiedBadgeSrc} /> : null}
      <div className={styles.body}>
        <p className={styles.type}>{carTypeLabel}</p>
        <h3 id={`car-${car.id}`} className="stock-card__title">
          <Link href={href}>{title}</Link>
        </h3>
        {chips.length > 0 && (
          <ul className={styles.chips} aria-label="Key details">
            {chips.map((chip) => (
              <li key={chip}>{chip}</li>
            ))}
          </ul>
        )}
        <p className="stock-card__price">
          {'amount' in price ? (
            <>
              <strong>{formatMoney(price.amount, settings.currency)}</strong>
              {price.kind === 'subscription' && <span> per week subscription</span>}
              {price.priceType && <span className={styles.priceType}> {price.priceType}</span>}
              {price.wasPrice !== undefined && (
                <span className={styles.was}>
                  {' '}
                  <span className="visually-hidden">was </span>
                  <s>{formatMoney(price.wasPrice, settings.currency)}</s>
                </span>
              )}
            </>
          ) : (
            <strong>{price.text}</strong>
          )}
        </p>
        <UsedCarDisclaimer carType={car.car_type} text={settings.usedCarDisclaimer} />
        {settings.compareSite ? (
          <CompareToggle
            site={settings.compareSite}
            car={{ id: car.id, name: title, slug: car.slug, ...(image ? { primary_image_url: image } : {}) }}
          />
        ) : null}
        {buttons.length > 0 && (
          <div className={styles.actions}>
            {buttons.map((button) => (
              <Link
                key={button.label}
                className={`${buttonClass(button.style ?? 'outline')} ${styles.action}`}
                href={fillCarLink(button.href, car)}
                aria-label={`${button.label}: ${title}`}
              >
                {button.label}
              </Link>
            ))}
          </div>
        )}
      </div>
    </article>
  );
}
