import { describe, expect, it, vi } from 'vitest';
import { saveValuation, type ValuationSave } from './save-valuation';

const save: ValuationSave = { lead_id: 7, idempotencyKey: 'k-1', column_name: 'valuation', value: { low: 1, high: 2 } };

// spec: conversion §8 — "Valuation save failure | Logged only".
describe('saving the valuation with its lead', () => {
  it('posts it to /api/miscellaneous and logs nothing when it is saved', async () => {
    const send = vi.fn(async () => new Response(null, { status: 204 }));
    const log = vi.fn();
    await saveValuation(save, send, log);
    expect(send).toHaveBeenCalledWith(
      '/api/miscellaneous',
      expect.objectContaining({ method: 'POST', body: JSON.stringify(save) }),
    );
    expect(log).not.toHaveBeenCalled();
  });

  it.each([400, 404, 429, 500, 503])('logs an answer of %i, and throws nothing at the shopper', async (status) => {
    const log = vi.fn();
    await expect(saveValuation(save, async () => new Response('{}', { status }), log)).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith(`Saving the valuation failed: the server answered ${status}`);
  });

  it('logs a network error, and throws nothing at the shopper', async () => {
    const log = vi.fn();
    const failure = new TypeError('Failed to fetch');
    await expect(
      saveValuation(
        save,
        async () => {
          throw failure;
        },
        log,
      ),
    ).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('Saving the valuation failed', failure);
  });
});
