import type { BlockComponent } from '../types';
import { ADJUSTMENT_QUESTIONS } from '../../domain/trade-in/adjustments';
import { vehicleTitle } from '../../domain/vehicle-title';
import { listedCarByRef } from '../../server/page-data/vehicle-context';
import { TradeInFlow } from './TradeInValuation.client';
import formStyles from '../../components/ui/form.module.css';

export const TradeInValuation: BlockComponent<'TradeInValuation'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  // The car being bought (/cars/trade-in?car_id=, /instant-price?car_id=): it goes with every step
  // to /api/trade-in, so the dealer's lead names the car that prompted the offer.
  const found =
    props.car === 'query' ? await listedCarByRef(tenant, (await ctx.searchParams()).get('car_id'), ctx.now) : undefined;
  const car = found ? { id: found.id, name: vehicleTitle(found), slug: found.slug } : undefined;
  const Heading = props.headingLevel === 2 ? 'h2' : 'h1';
  return (
    <section className="section trade-in" aria-labelledby="trade-in-heading">
      <div className={`container ${formStyles.inner}`}>
        <Heading id="trade-in-heading">{props.heading ?? 'Value my trade-in'}</Heading>
        {props.intro ? <p className={formStyles.intro}>{props.intro}</p> : null}
        {car ? (
          <p className={formStyles.about}>
            Trading in towards the <a href={`/cars/${car.slug}`}>{car.name}</a>
          </p>
        ) : null}
        <TradeInFlow
          site={tenant.slug}
          currency={tenant.locale.currency}
          questions={ADJUSTMENT_QUESTIONS.map((q) => ({
            id: q.id,
            question: q.question,
            answers: q.answers.map((a) => ({ id: a.id, label: a.label })),
          }))}
          defaultState={tenant.formSettings.defaultState}
          {...(car ? { car } : {})}
        />
      </div>
    </section>
  );
};
