import type { BlockComponent } from '../types';
import { ADJUSTMENT_QUESTIONS } from '../../domain/trade-in/adjustments';
import { vehicleTitle } from '../../domain/vehicle-title';
import { getStockRepository } from '../../services/stock';
import { TradeInFlow } from './TradeInValuation.island';
import formStyles from '../../components/ui/form.module.css';

export const TradeInValuation: BlockComponent<'TradeInValuation'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  let car: { id: number; name: string; slug: string } | undefined;
  if (props.car === 'query') {
    const ref = (await ctx.searchParams()).get('car_id');
    const found =
      ref && /^\d+$/.test(ref)
        ? (await (await getStockRepository()).carsByIds([Number(ref)])).find((c) =>
            tenant.dealerships.includes(c.dealership_id),
          )
        : undefined;
    if (found) car = { id: found.id, name: vehicleTitle(found), slug: found.slug };
  }
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
