import { notFound } from 'next/navigation';
import type { BlockComponent } from '../types';
import { isAvailable } from '../../domain/listing';
import { vehicleTitle } from '../../domain/vehicle-title';
import { photoUrl } from '../../domain/vehicle-photo-source';
import { dealerComments } from '../../domain/vehicle/dealer-comments';
import { soldNotice } from '../../domain/vehicle/sold-notice';
import { priceText, printDetails, printFeatures, printPhone } from '../../services/print/price-text';
import { loadVehicle } from '../../server/page-data/vehicle-context';
import { siteOrigin } from '../../server/page-data/site-origin';
import styles from './PrintVehicle.module.css';

const SLUG = /^[a-z0-9-]{1,200}$/;
/** The printed photo: sharp on paper at about 10 cm across; a photo on another host comes through the image route. */
const PRINT_PHOTO_WIDTH = 1200;

/** catalogue §2 — /print?car_id={slug}: the car laid out for paper. Server-only: printing needs no script. */
export const PrintVehicle: BlockComponent<'PrintVehicle'> = async ({ ctx }) => {
  const { tenant } = ctx;
  const slug = (await ctx.searchParams()).get('car_id') ?? '';
  const vehicle = SLUG.test(slug) ? await loadVehicle(tenant, slug, ctx.now) : undefined;
  if (!vehicle) notFound();
  const { car, location } = vehicle;
  const title = vehicleTitle(car) || car.name || car.slug;
  const price = priceText(car, tenant);
  const photo = car.images?.[0]?.image.url ?? car.primary_image_url;
  const details = printDetails(car);
  const features = printFeatures(car);
  // dealerComments sanitises (domain/sanitise-html) and keeps plain-text line breaks.
  const comments = dealerComments(car.dealercomments);
  const phone = printPhone(car, tenant, location?.contact_detail?.phone);
  const address = tenant.contact?.address;
  const pageUrl = `${siteOrigin(tenant)}/cars/${car.slug}`;

  return (
    <article className={styles.sheet} aria-labelledby="print-title">
      <p className={styles.hint} role="note">
        Print this page with your browser&apos;s Print command (Ctrl+P, or Cmd+P on a Mac).{' '}
        <a href={`/cars/${car.slug}`}>Back to the {tenant.vehicleWord}</a>
      </p>
      <header className={styles.dealer}>
        <p className={styles.dealerName}>{tenant.name}</p>
        <address className={styles.contact}>
          {phone ? <div>Phone {phone}</div> : null}
          {tenant.contact?.email ? <div>{tenant.contact.email}</div> : null}
          {address ? <div>{`${address.street}, ${address.city} ${address.state} ${address.postcode}`}</div> : null}
          {tenant.legal.dealerLicence ? <div>Dealer licence {tenant.legal.dealerLicence}</div> : null}
        </address>
      </header>

      <h1 id="print-title" className={styles.title}>
        {title}
      </h1>
      {!isAvailable(car) ? <p className={styles.sold}>SOLD: {soldNotice(tenant.vehicleWord)}</p> : null}
      <p className={styles.price} data-testid="print-price">
        <strong>{price.price}</strong>
        {price.qualifier}
        {price.was ? (
          <>
            {' '}
            was <s>{price.was}</s>
          </>
        ) : null}
      </p>

      <div className={styles.summary}>
        {photo ? (
          // eslint-disable-next-line @next/next/no-img-element -- paper wants the one full-size photo, loaded at once, not a lazy responsive set
          <img className={styles.photo} src={photoUrl(photo, PRINT_PHOTO_WIDTH, car.simple_body)} alt={title} />
        ) : null}
        {details.length ? (
          <dl className={styles.details} aria-label="Key details">
            {details.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>

      {features.length ? (
        <section className={styles.section} aria-labelledby="print-features">
          <h2 id="print-features">Features</h2>
          <ul className={styles.features}>
            {features.map((feature, i) => (
              <li key={`${i}:${feature}`}>{feature}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {comments.kind === 'text' ? (
        <section className={styles.section} aria-labelledby="print-comments">
          <h2 id="print-comments">Dealer comments</h2>
          <div className={styles.comments} dangerouslySetInnerHTML={{ __html: comments.full }} />
        </section>
      ) : null}

      <footer className={styles.foot}>
        <p>
          View this {tenant.vehicleWord} online: <a href={pageUrl}>{pageUrl}</a>
        </p>
        {tenant.legal.disclaimer ? <p className={styles.disclaimer}>{tenant.legal.disclaimer}</p> : null}
      </footer>
    </article>
  );
};
