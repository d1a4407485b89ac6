import type { BlockComponent } from '../types';
import type { StockFilter } from '../../domain/stock-filter';
import { getStockRepository } from '../../services/stock';
import { featuredCars } from '../../services/stock/featured-cars';
import { StockCard } from '../StockCard/StockCard';
import { SectionHeader } from '../SectionHeader/SectionHeader';

export const FeaturedStock: BlockComponent<'FeaturedStock'> = async ({ props, ctx }) => {
  const cars = await featuredCars(
    await getStockRepository(),
    ctx.tenant,
    { filter: props.filter as StockFilter | undefined, sort: props.sort ?? 'latest', limit: props.limit ?? 6 },
    ctx.now,
  );
  if (!cars.length) return null;
  const headingId = `featured-${props.heading.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="container section" aria-labelledby={headingId}>
      <SectionHeader id={headingId} heading={props.heading} moreLink={props.moreLink} />
      <ul className="card-grid" role="list">
        {cars.map((car) => (
          <li key={car.id}>
            <StockCard car={car} tenant={ctx.tenant} buttonSet={props.buttonSet ?? 'card'} />
          </li>
        ))}
      </ul>
    </section>
  );
};
