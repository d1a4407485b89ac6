import type { BlockComponent } from '../types';

export const StatsBanner: BlockComponent<'StatsBanner'> = ({ props, ctx }) => {
  const { stats } = ctx.tenant;
  return (
    <section
      className="stats"
      aria-label={props.heading ? undefined : 'About our group'}
      aria-labelledby={props.heading ? 'stats-heading' : undefined}
    >
      <div className="container">
        {props.heading ? <h2 id="stats-heading">{props.heading}</h2> : null}
        <dl className="stats__list">
          {stats.items.map((item) => (
            <div key={item.label} className="stats__item">
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
        {stats.groupText ? <p className="stats__text">{stats.groupText}</p> : null}
      </div>
    </section>
  );
};
