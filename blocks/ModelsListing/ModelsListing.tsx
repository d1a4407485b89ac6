import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { cardGridClass } from '../../components/ui/card-grid';
import { VehiclePhoto } from '../../components/VehiclePhoto/VehiclePhoto';
import { cardTagClass, stockCardBodyClass, stockCardClass } from '../../components/StockCard/card-classes';
import { BODY_LABELS, siteManufacturers } from '../../server/page-data/model-context';
import { pageBrand, withBrand } from '../../server/page-data/brand-context';
import { lowestDriveAway } from '../../domain/models/variants';
import { formatMoney } from '../../domain/format';
import { siteModelBodies, siteModels } from '../../services/models';
import styles from './ModelsListing.module.css';

export const ModelsListing: BlockComponent<'ModelsListing'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  const brand = pageBrand(ctx);
  const manufacturers = brand ? [brand.slug] : siteManufacturers(tenant);
  const filter = props.bodyFilter !== false;
  const requested = filter ? ((await ctx.searchParams()).get('body') ?? undefined) : undefined;
  const bodies = filter ? await siteModelBodies(manufacturers) : [];
  const body = requested && bodies.includes(requested) ? requested : undefined;
  const models = await siteModels(manufacturers, body);
  const Heading = props.headingLevel === 2 ? 'h2' : 'h1';
  const CardHeading = props.headingLevel === 2 ? 'h3' : 'h2';
  const heading = withBrand(props.heading ?? `New ${tenant.vehicleWord}s`, brand);
  const base = ctx.path;
  return (
    <section className="container section" aria-labelledby="models-heading">
      <Heading id="models-heading">{heading}</Heading>
      {bodies.length > 1 ? (
        <nav aria-label="Body type" className={styles.filter}>
          <ul role="list">
            <li>
              <Link
                href={base}
                aria-current={body ? undefined : 'page'}
                className={`${styles.chipLink}${body ? '' : ` ${styles.chipLinkOn}`}`}
              >
                All
              </Link>
            </li>
            {bodies.map((b) => (
              <li key={b}>
                <Link
                  href={`${base}?body=${encodeURIComponent(b)}`}
                  aria-current={b === body ? 'page' : undefined}
                  className={`${styles.chipLink}${b === body ? ` ${styles.chipLinkOn}` : ''}`}
                >
                  {BODY_LABELS[b] ?? b}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {requested && !body ? (
        <p role="status">There are no {requested} models at the moment; here is the full range.</p>
      ) : null}
      {models.length === 0 ? (
        <p>Our new-model range is being updated. Please call us or send an enquiry for the latest models.</p>
      ) : (
        <ul className={cardGridClass} role="list">
          {models.map(({ model, manufacturer }) => {
            const from = lowestDriveAway(model.model_variants);
            const name = `${manufacturer.name} ${model.name}`;
            return (
              <li key={model.id} className={`${stockCardClass} model-card`}>
                {model.image ? (
                  <VehiclePhoto
                    src={model.image.url}
                    body={model.body}
                    alt=""
                    width={600}
                    height={400}
                    sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  />
                ) : null}
                <div className={stockCardBodyClass}>
                  {model.status === 'coming_soon' ? (
                    <p className={`${cardTagClass()} card-tag--info ${styles.soon}`}>Coming soon</p>
                  ) : null}
                  <CardHeading className="stock-card__title">
                    <Link href={`/models/${model.slug}`}>{name}</Link>
                  </CardHeading>
                  {model.short_description ? <p>{model.short_description}</p> : null}
                  {from !== undefined && model.status !== 'coming_soon' ? (
                    <p className="stock-card__price">
                      From <strong>{formatMoney(from, tenant.locale.currency)}</strong> drive away
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
};
