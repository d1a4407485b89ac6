'use client';

import { useEffect, useState } from 'react';
import { SALES_COUNTER_REFRESH_MS, salesCounterValue } from '../../domain/sales-counter';
import styles from './SalesCounter.module.css';
import { formatNumber } from '../../domain/format';

/** Recomputes the counter on load (the page may come from a cache) and every 150 s (conversion §4.8, §9). */
export function SalesCounterValue({ initial }: { initial: number }) {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const update = () => setValue(salesCounterValue(new Date()));
    update();
    const timer = window.setInterval(update, SALES_COUNTER_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return <strong className={`${styles.value} sales-counter__value`}>{formatNumber(value)}</strong>;
}
