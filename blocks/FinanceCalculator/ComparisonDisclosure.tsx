import { COMPARISON_WARNING, comparisonBasis, formatRate } from '../../domain/finance/disclosure';

/**
 * The rate and the comparison rate side by side, equally prominent, with the basis and warning in
 * plain view (National Credit Code s164): used wherever a rate or repayment is shown.
 */
export function RatePair({ interestRate, comparisonRate }: { interestRate: number; comparisonRate: number }) {
  return (
    <p className="rate-pair">
      <span>
        Interest rate <strong>{formatRate(interestRate)}</strong>
      </span>
      <span>
        Comparison rate <strong>{formatRate(comparisonRate)}</strong>*
      </span>
    </p>
  );
}

export function ComparisonWarning() {
  return (
    <p className="comparison-warning">
      * {comparisonBasis()} {COMPARISON_WARNING}
    </p>
  );
}
