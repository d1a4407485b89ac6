import type { BlockComponent } from '../types';
import styles from './StatsBanner.module.css';

export const StatsBanner: BlockComponent<'StatsBanner'> = ({ props, ctx }) => {
  const { stats } = ctx.tenant;
  return (
    <section
      className={`${styles.stats} stats`}
      aria-label={props.heading ? undefined : 'About our group'}
      aria-labelledby={props.heading ? 'stats-heading' : undefined}
    >
      <div className="container">
        {props.heading ? <h2 id="stats-heading">{props.heading}</h2> : null}
        <dl className={styles.list}>
          {stats.items.map((item) => (
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
