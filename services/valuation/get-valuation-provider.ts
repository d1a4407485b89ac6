/** Which valuation provider the process uses: HTTP when VALUATION_URL is set, else the embedded rule of thumb. */
import { EmbeddedValuationProvider, type EmbeddedValuationOptions } from './embedded-valuation-provider';
import { HttpValuationProvider } from './http-valuation-provider';
import type { ValuationProvider } from './valuation-provider';

export function getValuationProvider(
  env: Readonly<Record<string, string | undefined>> = process.env,
  embedded: EmbeddedValuationOptions = {},
): ValuationProvider {
  const url = env.VALUATION_URL?.trim();
  if (url) return new HttpValuationProvider({ url, apiKey: env.VALUATION_API_KEY?.trim() || undefined });
  return new EmbeddedValuationProvider(embedded);
}
