'use client';

import type { FinanceCalculatorProps } from './FinanceCalculator.client';
import { WhenVisible } from '../../components/shopper/WhenVisible.client';

const loadCalculator = () => import('./FinanceCalculator.client').then((m) => m.FinanceCalculatorClient);

/** The calculator's code loads when the shopper scrolls near it (vehicle pages). */
export function FinanceCalculatorLazy(props: FinanceCalculatorProps & { summary: string }) {
  const { summary, ...rest } = props;
  return (
    <WhenVisible
      load={loadCalculator}
      props={rest}
      minHeight={760}
      placeholder={<p className="calc__loading">{summary}</p>}
    />
  );
}
