import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { VehiclePhoto } from '../../components/VehiclePhoto/VehiclePhoto';
import { queryModel } from '../../server/page-data/model-context';
import { driveAwayRange } from '../../domain/models/variants';
import styles from './OrderNowSummary.module.css';
import modelStyles from '../ModelDetail/ModelDetail.module.css';

export const OrderNowSummary: BlockComponent<'OrderNowSummary'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  const query = await ctx.searchParams();
  const found = await queryModel(tenant, query.get('model_id'));
  const vehicle = query.get('vehicle') ?? '';
  const variant = found?.model.model_variants.find((v) => v.full_name === vehicle);
  const heading = props.heading ?? 'Get a quote';
  if (!found) {
    return (
      <section className="container section">
        <h1>{heading}</h1>
        <p>
          Tell us which new {tenant.vehicleWord.toLowerCase()} you are after below, or{' '}
          <Link href="/models">choose a model</Link> first.
        </p>
      </section>
    );
  }
  const { model, manufacturer } = found;
  const name = `${manufacturer.name} ${variant?.full_name ?? model.name}`;
  const image = variant?.image ?? model.image;
  const price = variant
    ? driveAwayRange(variant.dap_min_price, variant.dap_max_price, tenant.locale.currency)
    : undefined;
  return (
    <section className={`container section ${styles.orderNow}`} aria-labelledby="order-now-heading">
      {image ? <VehiclePhoto src={image.url} body={model.body} alt="" width={480} height={320} priority /> : null}
      <div>
        <h1 id="order-now-heading">
          {heading}: {name}
        </h1>
        {price ? <p className={modelStyles.variantPrice}>{price}</p> : null}
        {!variant && vehicle ? (
          <p role="status">
            We could not find the variant “{vehicle}”; tell us which one you would like in your message.
          </p>
        ) : null}
        <p>
          <Link href={`/models/${model.slug}`}>
            Compare {manufacturer.name} {model.name} variants
          </Link>
        </p>
      </div>
    </section>
  );
};
