import {
  COMPARISON_WARNING,
  comparisonBasis,
  comparisonRangeText,
  formatRate,
  type ComparisonRateRange,
} from '../../domain/finance/disclosure';
import styles from './ComparisonDisclosure.module.css';

/**
 * The rate and the comparison rate side by side, equally prominent, with the basis and warning in
 * plain view (National Credit Code s164): used wherever a rate or repayment is shown.
 */
export function RatePair({ interestRate, comparisonRate }: { interestRate: number; comparisonRate: number }) {
  return (
    <p className={`${styles.ratePair} rate-pair`}>
      <span>
        Interest rate <strong>{formatRate(interestRate)}</strong>
      </span>
      <span>
        Comparison rate <strong>{formatRate(comparisonRate)}</strong>*
      </span>
    </p>
  );
}

/** The comparison warning's class list; `comparison-warning` stays as a plain hook (browser tests, the sidebar's own notes). */
export const comparisonWarningClass = `${styles.warning} comparison-warning`;

/**
 * `currency` is the site's (tenant.locale.currency), for the sample loan amount; `range` the site's
 * comparison-rate range (tenant finance.comparisonRateRange, conversion §9), said first when set.
 */
export function ComparisonWarning({ currency, range }: { currency: string; range?: ComparisonRateRange | undefined }) {
  const spread = comparisonRangeText(range);
  return (
    <p className={comparisonWarningClass}>
      * {spread ? <span className="comparison-range">{spread} </span> : null}
      {comparisonBasis(currency)} {COMPARISON_WARNING}
    </p>
  );
}
