import type { BlockComponent } from '../types';
import { PRICE_RANGE_MAX, PRICE_RANGE_MIN, movePriceRange } from '../../domain/price-range';
import { PriceRangeForm } from './PriceRangeSearch.client';

/** The price range slider page (conversion §2.5, §5.4). */
export const PriceRangeSearch: BlockComponent<'PriceRangeSearch'> = ({ props, ctx }) => {
  const start = movePriceRange(
    { min: PRICE_RANGE_MIN, max: props.max ?? PRICE_RANGE_MAX },
    'min',
    props.min ?? PRICE_RANGE_MIN,
  );
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="container section price-range" aria-labelledby="price-range-heading">
      <Heading id="price-range-heading">{props.heading ?? 'Search by price'}</Heading>
      {props.intro ? <p>{props.intro}</p> : null}
      <PriceRangeForm initial={start} currency={ctx.tenant.locale.currency} vehicleWord={ctx.tenant.vehicleWord} />
    </section>
  );
};
