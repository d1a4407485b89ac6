import type { BlockComponent } from '../types';
import { slugify } from '../../domain/slug';
import { cardSettings } from '../../components/StockCard/card-settings';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { LazySimilarCars } from './SimilarCars.client';

// spec: catalogue §4 availability — 'Like this and want something similar?'
export const SIMILAR_HEADING = 'Like this and want something similar?';

export const SimilarCars: BlockComponent<'SimilarCars'> = async ({ props, ctx }) => {
  const { car } = await pageVehicle(ctx);
  const headingId = `similar-${car.id}`;
  return (
    <section className="container section" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.heading ?? SIMILAR_HEADING}</h2>
      <LazySimilarCars
        slug={car.slug}
        settings={cardSettings(ctx.tenant, 'card')}
        lazy={props.lazy !== false}
        fallbackHref={`/search/${slugify(car.make)}/${slugify(car.model)}`}
        headingId={headingId}
      />
    </section>
  );
};
