/**
 * POST /api/youx/quote (conversion §7 item 1): an indicative finance quote for a car, through the
 * site's quote provider (embedded: the site's own advertised rate and fees; FINANCE_QUOTE_URL: a
 * lender's service). Answers the quote itself: weeklyRepaymentAmount, advertisedRate, comparisonRate.
 */
import { answer, apiCaller, jsonBody } from '@/server/http/api-request';
import { getQuoteProvider } from '@/services/finance/quote-provider';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  const tenant = (await apiCaller())?.tenant;
  if (!tenant) return answer(404, { error: 'Unknown site' });
  const read = await jsonBody(request, 16 * 1024);
  if (!read.ok || typeof read.body !== 'object' || read.body === null || Array.isArray(read.body)) {
    const why = read.ok ? 'The request must be a JSON object.' : read.error;
    return answer(read.ok || !read.tooLarge ? 400 : 413, {
      error: `${why} Send JSON like {"purchasePrice": 30000, "loanTerm": 5, "selfAssessedCreditScore": "GREAT"}`,
    });
  }
  const body = read.body as Record<string, unknown>;
  const price = body.purchasePrice;
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0 || price > 10_000_000)
    return answer(400, { error: 'purchasePrice must be a positive number of dollars' });
  const text = (v: unknown) => (typeof v === 'string' && v.length <= 40 ? v : undefined);
  const year = typeof body.year === 'number' && Number.isInteger(body.year) ? body.year : undefined;
  const vin = text(body.vin);
  const nvic = text(body.nvic);
  try {
    const quote = await getQuoteProvider().quote(
      {
        selfAssessedCreditScore: 'GREAT',
        purchasePrice: price,
        loanTerm: 5,
        ...(year ? { year } : {}),
        ...(vin ? { vin } : {}),
        ...(nvic ? { nvic } : {}),
        whoIsHelping: '',
      },
      tenant.finance,
    );
    return quote ? answer(200, quote) : answer(404, { error: 'No quote for this amount' });
  } catch (error) {
    console.error('Finance quote failed', error);
    return answer(503, { error: 'The quote service is not answering just now' });
  }
}
