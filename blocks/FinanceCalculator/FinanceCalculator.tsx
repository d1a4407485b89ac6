import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { calculatorBounds, moneyQuickPicks } from '../../domain/finance/calculator';
import { calculateForCar, calculatorStart } from '../../domain/finance/lender-terms';
import { isAvailable } from '../../domain/listing';
import { shownPrice } from '../../domain/price-display';
import { formatMoney } from '../../domain/format';
import { tenantFees } from '../../services/finance/quote-provider';
import { getStockRepository, type Car } from '../../services/stock';
import { prepareForm } from '../../server/page-data/form-block';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { FinanceCalculatorClient } from './FinanceCalculator.client';
import type { FinanceCalculatorProps } from './FinanceCalculator.client';
import { FinanceCalculatorLazy } from './FinanceCalculatorLazy.client';
import { formatRate } from '../../domain/finance/disclosure';
import { PER_PERIOD } from '../../domain/finance/repayment';
import { buttonClass } from '../../components/ui/button';
import styles from './FinanceCalculator.module.css';

export const FinanceCalculator: BlockComponent<'FinanceCalculator'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  const finance = tenant.finance;
  let car: Car | undefined;
  let budget: number | undefined;
  if (props.car === 'page') car = (await pageVehicle(ctx)).car;
  if (props.car === 'query') {
    // conversion §2.3: the finance page accepts car_id (or vin) and vehiclePriceBudget.
    const query = await ctx.searchParams();
    const ref = query.get('car_id');
    const repo = await getStockRepository();
    if (ref)
      car = /^\d+$/.test(ref)
        ? (await repo.carsByIds([Number(ref)])).find((c) => tenant.dealerships.includes(c.dealership_id))
        : await repo.carBySlug(ref, tenant.dealerships);
    const asked = Number(query.get('vehiclePriceBudget')?.replace(/[$,\s]/g, ''));
    if (Number.isFinite(asked) && asked > 0) budget = asked;
  }
  const bounds = calculatorBounds(finance.bounds as Parameters<typeof calculatorBounds>[0]);
  // conversion §4.4: 30,000 when the car has no price.
  const asked = car ? shownPrice(car) : budget;
  const price = asked !== undefined && asked > 0 ? asked : undefined;
  const record = car?.finance_lenders?.[finance.provider ?? 'B'];
  // conversion §3, §9: the car's lender record for the site's provider supplies what it can.
  const { initial, fees, lender } = calculatorStart(price, finance, tenantFees(finance), record, bounds);
  const disclaimer = record?.disclaimer ?? finance.disclaimer;
  const enquiry = await prepareForm(tenant, finance.enquiryForm, car ? { car } : {});
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  const calculatorProps: FinanceCalculatorProps = {
    site: tenant.slug,
    currency: tenant.locale.currency,
    initial,
    bounds,
    fees,
    ...(lender ? { lender } : {}),
    ...(finance.comparisonRateRange ? { comparisonRange: finance.comparisonRateRange } : {}),
    quickPicks: moneyQuickPicks(finance.quickPicks.min, finance.quickPicks.max),
    lockInterest: finance.lockInterest,
    hideFrequency: finance.hideFrequency,
    hideInterestAndResidual: finance.hideInterestAndResidual,
    enquiryOnFirstUse: finance.enquiryOnFirstUse,
    ...(disclaimer ? { disclaimer } : {}),
    ...(enquiry ? { enquiry: { form: enquiry.form, ...(enquiry.car ? { car: enquiry.car } : {}) } } : {}),
  };
  // What the calculator starts at, in words, until its code arrives (and for readers without scripts).
  const start = calculateForCar(initial, fees, bounds, lender);
  const summary =
    start.repayment !== undefined
      ? `${formatMoney(start.repayment, tenant.locale.currency)} ${PER_PERIOD[initial.frequency]} over ${initial.years} years at ${formatRate(initial.interest)} (comparison rate ${formatRate(start.comparisonRate)}*), with a ${formatMoney(initial.deposit, tenant.locale.currency)} deposit and a ${formatMoney(initial.residual, tenant.locale.currency)} final payment.`
      : 'Enquire for Finance';
  const showBanner = props.car === 'page' && car && isAvailable(car) && props.financeAvailableBanner !== false;
  return (
    <section className="section finance-calculator" aria-labelledby="finance-calculator-heading">
      <div className="container">
        {showBanner && car ? (
          <div className={styles.banner}>
            <p className={styles.bannerTitle}>Finance Available For This Vehicle!</p>
            <Link className={buttonClass('accent')} href={`/finance?car_id=${car.id}#finance-form`}>
              Get Finance Now
            </Link>
          </div>
        ) : null}
        <Heading id="finance-calculator-heading" className={styles.heading}>
          <span id="finance-calculator">{props.heading ?? 'Finance Calculator'}</span>
        </Heading>
        {finance.lenderName ? (
          <p className={styles.lender}>
            Finance by {finance.lenderName}
            {finance.creditLicence ? `, ${finance.creditLicence}` : ''}.
          </p>
        ) : null}
        {props.load === 'visible' ? (
          <FinanceCalculatorLazy {...calculatorProps} summary={summary} />
        ) : (
          <FinanceCalculatorClient {...calculatorProps} />
        )}
      </div>
    </section>
  );
};
