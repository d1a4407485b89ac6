import type { FinanceFees } from '../../domain/finance/calculator';
import { indicativeQuote } from '../../domain/finance/indicative-quote';
import { shownPrice } from '../../domain/price-display';
import type { ResolvedFinanceSettings } from '../../schemas/types.generated';

/** conversion §7 item 1: the body of POST /api/youx/quote. */
export interface QuoteRequest {
  selfAssessedCreditScore: 'GREAT';
  purchasePrice: number;
  /** Fixed at 5 years. */
  loanTerm: 5;
  year?: number;
  vin?: string;
  nvic?: string;
  whoIsHelping: '';
}

/** conversion §3 Car youxQuote: read whole as the quote. */
export interface Quote {
  weeklyRepaymentAmount: number;
  advertisedRate: number;
  comparisonRate: number;
}

export interface QuoteProvider {
  quote(request: QuoteRequest, finance: ResolvedFinanceSettings): Promise<Quote | null>;
}

export function tenantFees(finance: ResolvedFinanceSettings): FinanceFees {
  return {
    establishment: finance.fees.establishment,
    securityRegistration: finance.fees.securityRegistration,
    dealerAgency: finance.fees.dealerAgency,
    monthlyAccount: finance.fees.monthlyAccount,
  };
}

/**
 * The embedded provider: an indicative quote from the site's own advertised rate, deposit, final
 * payment and fees (the same sums as the calculator), so estimates work without a lender service.
 */
export class EmbeddedQuoteProvider implements QuoteProvider {
  async quote(request: QuoteRequest, finance: ResolvedFinanceSettings): Promise<Quote | null> {
    const quote = indicativeQuote(request.purchasePrice, { ...finance, fees: tenantFees(finance) }, request.loanTerm);
    if (!quote) return null;
    return {
      weeklyRepaymentAmount: quote.weekly,
      advertisedRate: quote.advertisedRate,
      comparisonRate: quote.comparisonRate,
    };
  }
}

/** A lender's quote service (FINANCE_QUOTE_URL, optional FINANCE_QUOTE_KEY): the answer is read whole as the quote. */
export class HttpQuoteProvider implements QuoteProvider {
  constructor(
    private readonly url: string,
    private readonly key?: string,
  ) {}

  async quote(request: QuoteRequest): Promise<Quote | null> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.key ? { authorization: `Bearer ${this.key}` } : {}) },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(8000),
    });
    if (!response.ok) throw new Error(`quote service answered ${response.status}`);
    const body = (await response.json()) as Partial<Quote>;
    const ok = [body.weeklyRepaymentAmount, body.advertisedRate, body.comparisonRate].every(
      (n) => typeof n === 'number' && Number.isFinite(n),
    );
    return ok ? (body as Quote) : null;
  }
}

export function getQuoteProvider(env: Readonly<Record<string, string | undefined>> = process.env): QuoteProvider {
  return env.FINANCE_QUOTE_URL
    ? new HttpQuoteProvider(env.FINANCE_QUOTE_URL, env.FINANCE_QUOTE_KEY)
    : new EmbeddedQuoteProvider();
}

/** conversion §4.3, §8: a quote is asked for only with the feature on, no quote yet and a price above 0; a failure is swallowed. */
export async function quoteForCar(
  provider: QuoteProvider,
  finance: ResolvedFinanceSettings,
  car: { price: number; offer_price?: number | null; year?: number; vin?: string; nvic?: string; youxQuote?: unknown },
): Promise<Quote | null> {
  // The figure is quoted on the price the shopper sees (an offer price above 10 wins, catalogue §4).
  const price = shownPrice(car);
  if (!finance.estimates || car.youxQuote || !(price > 0)) return null;
  try {
    return await provider.quote(
      {
        selfAssessedCreditScore: 'GREAT',
        purchasePrice: price,
        loanTerm: 5,
        ...(car.year ? { year: car.year } : {}),
        ...(car.vin ? { vin: car.vin } : {}),
        ...(car.nvic ? { nvic: car.nvic } : {}),
        whoIsHelping: '',
      },
      finance,
    );
  } catch {
    return null;
  }
}
