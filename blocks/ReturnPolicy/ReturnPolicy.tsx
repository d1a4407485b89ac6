import { notFound } from 'next/navigation';
import type { BlockComponent } from '../types';
import richTextStyles from '../RichText/RichText.module.css';
import { formatKm } from '../../domain/format';

/** The used-car return policy (conversion §9); a tenant without one has no such page. */
export const ReturnPolicy: BlockComponent<'ReturnPolicy'> = ({ props, ctx }) => {
  const policy = ctx.tenant.returnPolicy;
  if (!policy) notFound();
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  const Sub = props.headingLevel === 1 ? 'h2' : 'h3';
  return (
    <section
      className={`container section ${richTextStyles.richText} ${richTextStyles.narrow} return-policy`}
      aria-labelledby="return-policy-heading"
    >
      <Heading id="return-policy-heading">{props.heading ?? 'Used car return policy'}</Heading>
      <p>{policy.intro}</p>
      <Sub>Conditions</Sub>
      <ul>
        <li>
          The car is returned within <strong>{policy.days} days</strong> of delivery.
        </li>
        <li>
          It has been driven no more than <strong>{formatKm(policy.maxKm)}</strong> since delivery.
        </li>
        <li>
          It has at least <strong>{policy.minFuel}</strong> of fuel.
        </li>
        {policy.conditions.map((condition) => (
          <li key={condition}>{condition}</li>
        ))}
      </ul>
      {policy.terms ? <p>{policy.terms}</p> : null}
    </section>
  );
};
