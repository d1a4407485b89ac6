// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calculatorBounds, NO_FEES } from '../../domain/finance/calculator';
import { calculatorStart } from '../../domain/finance/lender-terms';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { FinanceCalculatorClient, type FinanceCalculatorProps } from './FinanceCalculator.client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const bounds = calculatorBounds();
const site = { interestRate: 8.99, termYears: 5 };
// A lender's quote on a $39,990 car (conversion §3 Finance lender record), as a feed sends it.
const record = {
  interestRate: 8.49,
  comparisonRate: 9.12,
  paymentWeek: 142,
  paymentMonth: 616,
  totalPayable: 48_048,
  deposit: 0,
  termYears: 5,
  balloon: 0,
  establishmentFees: 395,
};

function props(carRecord: unknown, extra: Partial<FinanceCalculatorProps> = {}): FinanceCalculatorProps {
  const { initial, fees, lender } = calculatorStart(39_990, site, NO_FEES, carRecord, bounds);
  return {
    site: 'southern-cross-motors',
    currency: 'AUD',
    initial,
    bounds,
    fees,
    ...(lender ? { lender } : {}),
    quickPicks: [],
    lockInterest: false,
    hideFrequency: false,
    hideInterestAndResidual: false,
    enquiryOnFirstUse: false,
    ...extra,
  };
}

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const render = async (p: FinanceCalculatorProps) => act(async () => root.render(<FinanceCalculatorClient {...p} />));
const text = (testId: string) => host.querySelector(`[data-testid="${testId}"]`)?.textContent ?? undefined;
const input = (label: string) => {
  const labelled = [...host.querySelectorAll('label')].find((l) => l.textContent === label);
  const found = labelled ? host.querySelector(`[id="${labelled.htmlFor}"]`) : null;
  return found instanceof HTMLInputElement ? found : expect.fail(`no input ${label}`);
};
/** Moves a range slider the way the browser does: a new value, then an input event React hears. */
async function slide(name: string, value: number) {
  const slider = host.querySelector(`input[type="range"][aria-label="${name} slider"]`);
  if (!(slider instanceof HTMLInputElement)) expect.fail(`no slider ${name}`);
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setValue?.call(slider, String(value));
    slider.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('FinanceCalculatorClient with the car’s lender record (conversion §3, §4.4, §9)', () => {
  it("starts from the record's deposit, balloon, rate and term and shows its repayment, total and fee", async () => {
    await render(props(record));
    expect(input('Deposit or trade-in').value).toBe('0');
    expect(input('Final payment (balloon)').value).toBe('0');
    expect(input('Interest rate (% p.a.)').value).toBe('8.49');
    expect(text('calc-repayment')).toBe('$142.00');
    expect(text('calc-total')).toBe('$48,048.00');
    expect(text('calc-lender-quote')).toBe('Repayment and total as quoted by the lender for this vehicle.');
    expect(host.querySelector('.rate-pair')?.textContent).toBe('Interest rate 8.49% p.a.Comparison rate 9.12% p.a.*');
    const summary = host.querySelector('dl')?.textContent ?? '';
    expect(summary).toContain('Amount financed$40,385.00');
    expect(summary).toContain('Establishment fee$395.00');
  });

  it('works the loan out itself once the shopper moves a slider', async () => {
    await render(props(record));
    await slide('Deposit or trade-in', 5000);
    expect(text('calc-repayment')).not.toBe('$142.00');
    expect(text('calc-repayment')).toMatch(/^\$\d{3}\.\d\d$/);
    expect(text('calc-total')).not.toBe('$48,048.00');
    expect(text('calc-lender-quote')).toBeUndefined();
  });

  it('without a record: the site defaults (§9 10% deposit, 30% final payment) and no establishment fee', async () => {
    await render(props(undefined));
    expect(input('Deposit or trade-in').value).toBe('3999');
    expect(input('Final payment (balloon)').value).toBe('11997');
    expect(text('calc-lender-quote')).toBeUndefined();
    expect(host.querySelector('dl')?.textContent).not.toContain('Establishment fee');
  });

  it('a record with nonsense values renders the defaults instead of failing', async () => {
    await render(props({ deposit: -5, balloon: 'lots', establishmentFees: null, totalPayable: -1 }));
    expect(input('Deposit or trade-in').value).toBe('3999');
    expect(text('calc-repayment')).toMatch(/^\$\d{3}\.\d\d$/);
  });
});

describe('the comparison-rate range (conversion §9 "8.38% to 19.42% for one provider")', () => {
  it('is said with the comparison warning when the site sets it, and not otherwise', async () => {
    await render(props(undefined, { comparisonRange: { min: 8.38, max: 19.42 } }));
    const warning = host.querySelector('.comparison-warning')?.textContent ?? '';
    expect(warning).toContain('Comparison rates from 8.38% p.a. to 19.42% p.a. Comparison rate based on a 5-year');
    await render(props(undefined));
    expect(host.querySelector('.comparison-warning')?.textContent).not.toContain('Comparison rates from');
  });

  it('is set on the demo motorcycle dealer, and the tenant file with it validates', () => {
    const entry = loadTenantRegistry().tenants.get('ridgeline-motorcycles');
    if (!entry?.ok) expect.fail('the demo tenant ridgeline-motorcycles does not validate');
    expect((entry.config as ResolvedTenant).finance.comparisonRateRange).toEqual({ min: 8.38, max: 19.42 });
  });
});

// spec: conversion §5.3 — the inputs' bounds and steps, and the switches some sites use: "The frequency
// input is hidden for one provider; interest and residual inputs are hidden for some dealers; interest
// may be locked on some sites."
describe('the calculator’s inputs (conversion §5.3)', () => {
  const slider = (name: string) => {
    const found = host.querySelector(`input[type="range"][aria-label="${name} slider"]`);
    return found instanceof HTMLInputElement ? found : undefined;
  };

  it('purchase price steps by 500, loan term by 0.5 from 1 to 7 years, interest from 0.5 to 15 by 0.5', async () => {
    await render(props(undefined));
    expect(slider('Purchase price')).toMatchObject({ min: '1000', max: '250000', step: '500' });
    expect(slider('Loan term (years)')).toMatchObject({ min: '1', max: '7', step: '0.5' });
    expect(slider('Interest rate (% p.a.)')).toMatchObject({ min: '0.5', max: '15', step: '0.5' });
    expect(slider('Deposit or trade-in')).toMatchObject({ min: '0', max: '250000' });
  });

  it('a site that sets a 5-year maximum term and its own interest bounds (4 to 20) gets them', async () => {
    await render(props(undefined, { bounds: calculatorBounds({ years: { max: 5 }, interest: { min: 4, max: 20 } }) }));
    expect(slider('Loan term (years)')?.max).toBe('5');
    expect(slider('Interest rate (% p.a.)')).toMatchObject({ min: '4', max: '20' });
  });

  it('a final payment typed past its bounds is clamped on change', async () => {
    await render(props(undefined));
    const balloon = input('Final payment (balloon)');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const type = async (field: HTMLInputElement, value: string) =>
      act(async () => {
        setValue?.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
        // React hears a blur as focusout.
        field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      });
    await type(balloon, '300000');
    expect(balloon.value).toBe('250000');
    await type(balloon, '-20');
    expect(balloon.value).toBe('0');
  });

  it('hides the frequency choice, hides interest and final payment, or locks the interest, where the site says so', async () => {
    await render(props(undefined));
    expect(host.textContent).toContain('Repayments');
    expect(slider('Interest rate (% p.a.)')?.disabled).toBe(false);

    await render(props(undefined, { hideFrequency: true }));
    expect(host.querySelector('fieldset legend')?.textContent ?? '').not.toBe('Repayments');
    expect(host.querySelectorAll('input[type="radio"]')).toHaveLength(0);

    await render(props(undefined, { hideInterestAndResidual: true }));
    expect(slider('Interest rate (% p.a.)')).toBeUndefined();
    expect(slider('Final payment (balloon)')).toBeUndefined();

    await render(props(undefined, { lockInterest: true }));
    expect(slider('Interest rate (% p.a.)')?.disabled).toBe(true);
    expect(input('Interest rate (% p.a.)').readOnly || input('Interest rate (% p.a.)').disabled).toBe(true);
  });
});
