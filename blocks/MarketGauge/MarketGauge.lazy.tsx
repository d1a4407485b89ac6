'use client';

import dynamic from 'next/dynamic';
import styles from './MarketGauge.module.css';

/**
 * The gauge and its animation library load after the page is interactive, so they never delay the
 * vehicle page's first paint or input (the panel shows its own skeleton meanwhile).
 */
export const LazyMarketGauge = dynamic(() => import('./MarketGauge.client').then((m) => m.MarketGaugePanel), {
  ssr: false,
  loading: () => <div className={styles.skeleton} style={{ minHeight: 180 }} aria-hidden="true" />,
});
