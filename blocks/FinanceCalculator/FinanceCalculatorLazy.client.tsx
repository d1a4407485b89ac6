'use client';

import dynamic from 'next/dynamic';
import type { FinanceCalculatorProps } from './FinanceCalculator.client';
import { WhenVisible } from '../shopper/WhenVisible.client';

const Calculator = dynamic(() => import('./FinanceCalculator.client').then((m) => m.FinanceCalculatorClient), { ssr: false, loading: () => <p className="calc__loading">Loading the calculator…</p> });

/** The calculator's code loads when the shopper scrolls near it (vehicle pages). */
export function FinanceCalculatorLazy(props: FinanceCalculatorProps & { summary: string }) {
  const { summary, ...rest } = props;
  return (
    <WhenVisible minHeight={760} placeholder={<p className="calc__loading">{summary}</p>}>
      <Calculator {...rest} />
    </WhenVisible>
  );
}
