import type { BlockComponent } from '../types';
import { stockCountFigure } from '../../domain/stock-count';
import { getSearchService } from '../../services/search';
import styles from './StatsBanner.module.css';

export const StatsBanner: BlockComponent<'StatsBanner'> = async ({ props, ctx }) => {
  const { stats } = ctx.tenant;
  const items = [...stats.items];
  if (stats.stockCount) {
    // catalogue §9: the live count of the cars the site lists, or the configured figure above 1999.
    // The page cache key carries the stock generation, so a stock change renders it afresh.
    const { count } = await (
      await getSearchService()
    ).search(ctx.tenant, { sort: 'latest', page: 1, hitsPerPage: 0, facets: [] }, ctx.now);
    items.push({
      value: stockCountFigure(count, stats.stockCount.aboveThreshold),
      label: stats.stockCount.label ?? 'Cars in stock',
    });
  }
  return (
    <section
      className={`${styles.stats} stats`}
      aria-label={props.heading ? undefined : 'About our group'}
      aria-labelledby={props.heading ? 'stats-heading' : undefined}
    >
      <div className="container">
        {props.heading ? <h2 id="stats-heading">{props.heading}</h2> : null}
        <dl className={styles.list}>
          {items.map((item) => (
            <div key={item.label} className={styles.item}>
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
        {stats.groupText ? <p className={styles.text}>{stats.groupText}</p> : null}
      </div>
    </section>
  );
};
