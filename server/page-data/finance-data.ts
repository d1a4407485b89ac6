import { cache } from 'react';
import type { ResolvedTenant } from '../../schemas/types.generated';
import {
  estimateEligible,
  estimateSettings,
  financeEstimate,
  quoteAsLender,
  type FinanceEstimate,
  type LenderRecord,
} from '../../domain/finance/estimate';
import { getQuoteProvider, quoteForCar } from '../../services/finance/quote-provider';
import type { Car } from '../../services/stock';

type FinanceCar = Car & {
  finance_lenders?: Record<string, LenderRecord | undefined>;
  youxQuote?: { weeklyRepaymentAmount?: number; advertisedRate?: number; comparisonRate?: number };
};

/**
 * conversion §4.3: the estimate comes from the car's lender record for the site's provider, or from
 * an instant quote (asked only with estimates on, no quote on the car and a price above 0); it is
 * shown only when the car passes §5.2's eligibility. One lookup per car per request.
 */
export const vehicleFinanceEstimate = cache(
  async (tenant: ResolvedTenant, car: FinanceCar, now: Date): Promise<FinanceEstimate | undefined> => {
    const finance = tenant.finance;
    const provider = finance.provider ?? 'B';
    let lender: LenderRecord | undefined = car.finance_lenders?.[provider];
    if (!lender && car.youxQuote) lender = quoteAsLender(car.youxQuote, 5);
    if (!lender) {
      const quote = await quoteForCar(getQuoteProvider(), finance, car);
      if (quote) lender = quoteAsLender(quote, 5);
    }
    if (!lender) return undefined;
    const eligible = estimateEligible(car, lender, estimateSettings(finance), now);
    return eligible ? financeEstimate(lender) : undefined;
  },
);
