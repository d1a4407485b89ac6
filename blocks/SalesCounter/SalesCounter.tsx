import type { BlockComponent } from '../types';
import { salesCounterValue } from '../../domain/sales-counter';
import { SalesCounterValue } from './SalesCounter.client';
import styles from './SalesCounter.module.css';

/** The sales-counter widget (conversion §2.5, §9): the server renders the value at request time; the browser keeps it current. */
export const SalesCounter: BlockComponent<'SalesCounter'> = ({ ctx }) => (
  <section className="container section sales-counter" aria-label="Sales counter">
    <p className={styles.line}>
      <SalesCounterValue initial={salesCounterValue(ctx.now)} />{' '}
      <span className="sales-counter__label">{ctx.tenant.salesCounter.label}</span>
    </p>
  </section>
);
