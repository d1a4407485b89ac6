import type { BlockComponent } from '../types';
import type { StockFilter } from '../../domain/stock-filter';
import { getSearchService } from '../../services/search';
import { StockCard } from '../../components/StockCard/StockCard';
import { cardSettings } from '../../components/StockCard/card-settings';
import { SectionHeader } from '../../components/SectionHeader/SectionHeader';
import { cardGridClass } from '../../components/ui/card-grid';

/** A featured row shows cars a shopper can buy now: sold cars stay listed in search, not here. */
const AVAILABLE: StockFilter = { field: 'status', in: ['in_stock', 'coming_soon'] };

export const FeaturedStock: BlockComponent<'FeaturedStock'> = async ({ props, ctx }) => {
  const filter = props.filter ? { all: [AVAILABLE, props.filter as StockFilter] } : AVAILABLE;
  const { hits } = await (
    await getSearchService()
  ).search(
    ctx.tenant,
    { filter, sort: props.sort ?? 'latest', page: 1, hitsPerPage: props.limit ?? 6, facets: [] },
    ctx.now,
  );
  if (!hits.length) return null;
  const settings = cardSettings(ctx.tenant, props.buttonSet ?? 'card');
  const headingId = `featured-${props.heading.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="container section" aria-labelledby={headingId}>
      <SectionHeader id={headingId} heading={props.heading} moreLink={props.moreLink} />
      <ul className={cardGridClass} role="list">
        {hits.map((car) => (
          <li key={car.id}>
            <StockCard car={car} settings={settings} now={ctx.now} />
          </li>
        ))}
      </ul>
    </section>
  );
};
