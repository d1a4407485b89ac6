/**
 * Trade-in valuation behind one interface (conversion §2.3, §3 Trade-in data): an embedded rule of
 * thumb from the platform's own stock prices, and an HTTP provider for a valuation service,
 * chosen by getValuationProvider().
 */
import type { Valuation } from '../../domain/trade-in/valuation-rule';

export type { Valuation };

export interface ValuationInput {
  /** Site slug: whose stock the embedded provider compares with, and who is asking an outside service. */
  tenant: string;
  make: string;
  model: string;
  year: number;
  km: number;
  rego?: string;
  regoState?: string;
}

export interface ValuationProvider {
  /**
   * The estimate for a car, or null when the provider has none for it (the flow then sends the
   * shopper to the enquiry form). Rejects only when the provider itself fails.
   */
  value(input: ValuationInput): Promise<Valuation | null>;
}
