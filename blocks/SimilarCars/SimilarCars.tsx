import { notFound } from 'next/navigation';
import type { BlockComponent } from '../types';
import { slugify } from '../../domain/slug';
import { getStockRepository } from '../../services/stock';
import { getSearchService } from '../../services/search';
import { cardSettings } from '../StockCard/card-settings';
import { LazySimilarCars } from './SimilarCars.client';

// spec: catalogue §4 availability — 'Like this and want something similar?'
export const SIMILAR_HEADING = 'Like this and want something similar?';

export const SimilarCars: BlockComponent<'SimilarCars'> = async ({ props, ctx }) => {
  const slug = ctx.params.slug;
  const car = slug ? await (await getStockRepository()).carBySlug(slug, ctx.tenant.dealerships) : undefined;
  // A car this site does not list (another dealer's, withdrawn, sold long ago) is not found here.
  const listed = car && (await (await getSearchService()).search(ctx.tenant, { filter: { field: 'id', eq: car.id }, sort: 'latest', page: 1, hitsPerPage: 0, facets: [] }, ctx.now)).count > 0;
  if (!car || !listed) notFound();
  const headingId = `similar-${car.id}`;
  return (
    <section className="container section" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.heading ?? SIMILAR_HEADING}</h2>
      <LazySimilarCars slug={car.slug} settings={cardSettings(ctx.tenant, 'card')} lazy={props.lazy !== false} fallbackHref={`/search/${slugify(car.make)}/${slugify(car.model)}`} headingId={headingId} />
    </section>
  );
};
