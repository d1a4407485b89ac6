import type { BlockComponent } from '../types';
import styles from './WhyBuyFromUs.module.css';

/** The dealer's own reasons to buy from them (conversion §2.5; tenant `whyBuyFromUs`). */
export const WhyBuyFromUs: BlockComponent<'WhyBuyFromUs'> = ({ props, ctx }) => {
  const reasons = ctx.tenant.whyBuyFromUs;
  if (!reasons.length) return null;
  const heading = (props.heading ?? 'Why buy from {site}').replaceAll('{site}', ctx.tenant.name);
  return (
    <section className="container section why-buy" aria-labelledby="why-buy-heading">
      <h2 id="why-buy-heading">{heading}</h2>
      <ul className={styles.list} role="list">
        {reasons.map((reason) => (
          <li key={reason.heading} className={styles.item}>
            <h3>{reason.heading}</h3>
            <p>{reason.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
};
