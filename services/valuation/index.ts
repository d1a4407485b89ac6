export { getValuationProvider } from './get-valuation-provider';
export type { Valuation, ValuationInput, ValuationProvider } from './valuation-provider';
export { COMPARABLE_SALES_WINDOW_DAYS, EmbeddedValuationProvider } from './embedded-valuation-provider';
export type { EmbeddedValuationOptions } from './embedded-valuation-provider';
export { HttpValuationProvider, VALUATION_TIMEOUT_MS } from './http-valuation-provider';
export type { HttpValuationOptions } from './http-valuation-provider';
