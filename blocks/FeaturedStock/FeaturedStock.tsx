import Link from 'next/link';
import type { BlockComponent } from '../types';
import type { StockFilter } from '../../domain/stock-filter';
import { getStockRepository } from '../../services/stock';
import { featuredCars } from '../../services/stock/featured-cars';
import { StockCard } from '../StockCard/StockCard';

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
      <div className="section__header">
        <h2 id={headingId}>{props.heading}</h2>
        {props.moreLink ? (
          <Link href={props.moreLink.href} className="section__more">
            {props.moreLink.label}
          </Link>
        ) : null}
      </div>
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
