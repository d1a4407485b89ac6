import type { BlockComponent } from '../types';
import styles from './Warranty.module.css';
import { formatKm } from '../../domain/format';

/** The tenant's warranty terms (conversion §9: 3, 5 or 7 years; unlimited km and roadside for one brand). */
export const Warranty: BlockComponent<'Warranty'> = ({ props, ctx }) => {
  const { brand, years, km, roadsideYears, terms } = ctx.tenant.warranty;
  const distance = km === 'unlimited' ? 'unlimited kilometres' : `${formatKm(km)}, whichever comes first`;
  const heading = (props.heading ?? 'Your {years}-year warranty')
    .replaceAll('{years}', String(years))
    .replaceAll('{brand}', brand ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  const Sub = props.headingLevel === 1 ? 'h2' : 'h3';
  return (
    <section className="container section warranty" aria-labelledby="warranty-heading">
      <Heading id="warranty-heading">{heading}</Heading>
      {props.intro ? <p className="warranty__intro">{props.intro}</p> : null}
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{brand ? `${brand} new vehicle warranty` : 'Warranty'}</dt>
          <dd>
            {years} years / {distance}
          </dd>
        </div>
        {roadsideYears > 0 ? (
          <div className={styles.fact}>
            <dt>Roadside assistance</dt>
            <dd>{roadsideYears} years included</dd>
          </div>
        ) : null}
      </dl>
      <Sub>Terms and conditions</Sub>
      <div className={styles.terms}>
        {terms.split(/\n\s*\n/).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
};
