import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import type { Button } from '../../schemas/types.generated';
import type { StockFilter } from '../../domain/stock-filter';
import { priceDisplay } from '../../domain/price-display';
import { formatKm, formatMoney } from '../../domain/format';
import { vehicleTitle } from '../../domain/vehicle-title';
import { isSwitchedOn } from '../../domain/switches';
import { fillCarLink } from '../../domain/car-links';
import { isAvailable } from '../../domain/listing';
import { slugify } from '../../domain/slug';
import { maskPhone } from '../../domain/vehicle/dealer-phone';
import { marketPriceBadge } from '../../domain/vehicle/market-price-badge';
import { regoExpiry } from '../../domain/vehicle/rego-expiry';
import { reserveLabel } from '../../domain/vehicle/reserve';
import { purchaseButtonsHidden, sidebarCtas, type SidebarCta } from '../../domain/vehicle/sidebar-ctas';
import { FIND_SIMILAR_TEXT, SIMILAR_PROMPT, SOLD_NOTICE_TITLE, soldNotice } from '../../domain/vehicle/sold-notice';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { vehiclePhone } from '../../server/page-data/vehicle-phone';
import { PhoneReveal } from './VehicleSidebar.client';
import { buttonClass } from '../../components/ui/button';
import { UsedCarDisclaimer } from '../../components/UsedCarDisclaimer/UsedCarDisclaimer';
import styles from './VehicleSidebar.module.css';
import { vehicleFinanceEstimate } from '../../server/page-data/finance-data';
import { ComparisonWarning, comparisonWarningClass, RatePair } from '../FinanceCalculator/ComparisonDisclosure';

function Icon({ path }: { path: string }) {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

const ICONS = {
  km: 'M12 21a9 9 0 1 1 9-9M12 12l4-4M3 12h2M12 3v2',
  transmission: 'M6 4v16M12 4v16M18 4v8H6',
  body: 'M3 15l2-6h14l2 6v3H3zM7 18v2M17 18v2',
};

export const VehicleSidebar: BlockComponent<'VehicleSidebar'> = async ({ props, ctx }) => {
  const { tenant, now } = ctx;
  const { car, location } = await pageVehicle(ctx);
  const title = vehicleTitle(car);
  const price = priceDisplay(car, {
    subscriptionOffer: tenant.features.subscriptionOffer,
    noPriceText: tenant.pricing.noPriceText,
    preorderText: tenant.pricing.preorderText,
  });
  const badge = marketPriceBadge(car);
  const available = isAvailable(car);
  const rules = tenant.vehicle.rules as {
    tradeIn?: StockFilter;
    reserve?: StockFilter;
    buyOnline?: StockFilter;
    historyReport?: StockFilter;
  };
  const passing = new Set<SidebarCta>(sidebarCtas(car, rules, { now, autograbOn: tenant.features.autograb }));
  const buttons = (tenant.buttonSets[props.buttonSet ?? 'vehicle'] ?? []).filter(
    (b: Button) => isSwitchedOn(b.when, tenant.features) && (!b.cta || passing.has(b.cta)),
  );
  const phone = vehiclePhone(car, tenant, location?.contact_detail?.phone);
  const rego = regoExpiry(car.rego_expiry, now, tenant.locale.timeZone, tenant.vehicle.showUnregistered);
  const hideBuying = purchaseButtonsHidden(car);
  const label = (button: Button) =>
    button.cta === 'reserve' ? reserveLabel(tenant.vehicle.reserveAmount, tenant.locale.currency) : button.label;
  const similarHref = `/search/${slugify(car.make)}/${slugify(car.model)}`;
  const estimate = await vehicleFinanceEstimate(tenant, car, now);
  // Provider G advertises monthly repayments (conversion §5.2); the others weekly.
  const monthly = tenant.finance.provider === 'G';
  return (
    <div className={`${styles.sidebar} vehicle-sidebar`}>
      <h1 className={`${styles.title} vehicle-sidebar__title`}>{title}</h1>
      {!available ? (
        <div className={`${styles.soldNotice} sold-notice`} role="status">
          <p className={styles.soldNoticeTitle}>{SOLD_NOTICE_TITLE}</p>
          <p>{soldNotice(tenant.vehicleWord)}</p>
        </div>
      ) : null}
      <p className={styles.price}>
        {'amount' in price ? (
          <>
            <strong data-testid="vehicle-price">{formatMoney(price.amount, tenant.locale.currency)}</strong>
            {price.kind === 'subscription' ? <span> per week subscription</span> : null}
            {price.priceType ? <span className={styles.priceType}> {price.priceType}</span> : null}
            {price.wasPrice !== undefined ? (
              <span className={`${styles.was} vehicle-sidebar__was`}>
                {' '}
                was <s>{formatMoney(price.wasPrice, tenant.locale.currency)}</s>
              </span>
            ) : null}
          </>
        ) : (
          <strong data-testid="vehicle-price">{price.text}</strong>
        )}
      </p>
      {badge.show && badge.average !== undefined ? (
        <p className={`${styles.marketBadge} market-badge`}>
          Below market price: {formatMoney(badge.average, tenant.locale.currency)} average
          {badge.saving !== undefined ? ` (${formatMoney(badge.saving, tenant.locale.currency)} under)` : ''}
        </p>
      ) : null}
      {/* The small print that qualifies the price, as on the car's stock card (catalogue §4, issue 20). */}
      <UsedCarDisclaimer carType={car.car_type} text={tenant.pricing.usedCarDisclaimer} />
      {estimate ? (
        <div className={`${styles.financeEstimate} finance-estimate`}>
          <a className={styles.financeEstimateLink} href="#finance-form">
            Finance from{' '}
            <strong>{formatMoney(monthly ? estimate.monthly : estimate.weekly, tenant.locale.currency)}</strong>{' '}
            {monthly ? 'per month' : 'per week'}*
          </a>
          {/* conversion §4.3: the figure above is the weekly repayment x 4.33; a lender's own monthly
              figure that reads differently is shown as the lender's, beside it, never in its place. */}
          {monthly &&
          estimate.lenderMonthly !== undefined &&
          formatMoney(estimate.lenderMonthly, tenant.locale.currency) !==
            formatMoney(estimate.monthly, tenant.locale.currency) ? (
            <p className={comparisonWarningClass}>
              Per month is the weekly repayment times 4.33; the lender quotes{' '}
              {formatMoney(estimate.lenderMonthly, tenant.locale.currency)} per month.
            </p>
          ) : null}
          <RatePair interestRate={estimate.interestRate} comparisonRate={estimate.comparisonRate} />
          <ComparisonWarning currency={tenant.locale.currency} range={tenant.finance.comparisonRateRange} />
          {(estimate.disclaimer ?? tenant.finance.disclaimer) ? (
            <p className={comparisonWarningClass}>{estimate.disclaimer ?? tenant.finance.disclaimer}</p>
          ) : null}
          {tenant.finance.lenderName ? (
            <p className={comparisonWarningClass}>
              Credit provided by {tenant.finance.lenderName}
              {tenant.finance.creditLicence ? `, ${tenant.finance.creditLicence}` : ''}.
            </p>
          ) : null}
        </div>
      ) : null}
      <ul className={styles.icons} role="list">
        {car.km !== undefined ? (
          <li>
            <Icon path={ICONS.km} /> {formatKm(car.km)}
          </li>
        ) : null}
        {(car.simple_transmission ?? car.trans) ? (
          <li>
            <Icon path={ICONS.transmission} /> {car.simple_transmission ?? car.trans}
          </li>
        ) : null}
        {car.simple_body ? (
          <li>
            <Icon path={ICONS.body} /> {car.simple_body}
          </li>
        ) : null}
      </ul>
      {location ? (
        <p className={`${styles.location} vehicle-sidebar__location`}>
          Located at <a href="#vehicle-map">{location.name}</a>
        </p>
      ) : null}
      {rego ? <p className={`${styles.rego} vehicle-sidebar__rego`}>Registration: {rego}</p> : null}
      {hideBuying ? (
        <div className={styles.similar}>
          <p>{SIMILAR_PROMPT}</p>
          <Link className={buttonClass('primary')} href={similarHref}>
            {FIND_SIMILAR_TEXT}
          </Link>
        </div>
      ) : null}
      {buttons.length ? (
        <ul className={styles.actions} role="list">
          {buttons.map((button) => {
            const href = fillCarLink(button.href, car);
            if (!href) return null;
            const external = /^https?:\/\//.test(href);
            return (
              <li key={`${button.label}:${button.href}`}>
                {external ? (
                  <a
                    className={buttonClass(button.style ?? 'outline')}
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {label(button)}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <Link className={buttonClass(button.style ?? 'outline')} href={href}>
                    {label(button)}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {phone ? (
        <PhoneReveal
          phone={phone}
          masked={maskPhone(phone)}
          revealed={tenant.vehicle.showPhoneImmediately}
          carId={car.id}
        />
      ) : null}
    </div>
  );
};
