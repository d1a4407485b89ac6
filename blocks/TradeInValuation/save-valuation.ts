/**
 * Saving the valuation with its lead (conversion §7 item 5). spec: conversion §8 — "Valuation save
 * failure | Logged only": the shopper goes on to their offer whatever happens; a network error and an
 * answer that is not a success (4xx, 5xx) are both logged, so neither is lost silently.
 */
export interface ValuationSave {
  lead_id: number | undefined;
  idempotencyKey: string;
  column_name: 'valuation';
  value: unknown;
}

export async function saveValuation(
  save: ValuationSave,
  send: typeof fetch = fetch,
  log: (message: string, error?: unknown) => void = console.error,
): Promise<void> {
  try {
    const response = await send('/api/miscellaneous', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(save),
    });
    if (!response.ok) log(`Saving the valuation failed: the server answered ${response.status}`);
  } catch (error) {
    log('Saving the valuation failed', error);
  }
}
