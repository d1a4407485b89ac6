import { ServerImage as Image } from '../../components/ui/ServerImage';
import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { pageBrand, withBrand } from '../../server/page-data/brand-context';
import { buildSearchUrl, emptySearchState } from '../../domain/search-url';
import { getStockRepository } from '../../services/stock';
import { buttonClass } from '../../components/ui/button';
import styles from './BrandOverview.module.css';

/** A brand's page ({brand}/overview): the brand, its stock and the locations that sell it. */
export const BrandOverview: BlockComponent<'BrandOverview'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  const brand = pageBrand(ctx);
  if (!brand) return null;
  const full = tenant.brands.find((b) => b.slug === brand.slug);
  const stock = buildSearchUrl({ ...emptySearchState(), refinements: { make: [brand.name] } });
  const locations = (await (await getStockRepository()).locations(tenant.dealerships)).filter(
    (location) =>
      location.visible !== false &&
      (location.manufacturers ?? []).some((m) => m.toLowerCase() === brand.name.toLowerCase()),
  );
  const intro = withBrand(
    props.intro ?? 'New {brand} models, and new, demo and used {brand} stock from our dealerships.',
    brand,
  );
  return (
    <section className="container section brand-overview" aria-labelledby="brand-heading">
      {full?.logo ? (
        <Image src={full.logo.src} alt="" width={76} height={65} unoptimized={full.logo.src.endsWith('.svg')} />
      ) : null}
      <h1 id="brand-heading">{brand.name}</h1>
      <p>{intro}</p>
      <p>
        <Link className={buttonClass('primary')} href={stock}>
          Browse {brand.name} stock
        </Link>
      </p>
      {locations.length ? (
        <>
          <h2>Where to find {brand.name}</h2>
          <ul className={styles.locations}>
            {locations.map((location) => (
              <li key={location.id}>
                <Link href={`/locations/${location.slug}`}>{location.name}</Link>
                {location.address?.city ? `, ${location.address.city}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
};
