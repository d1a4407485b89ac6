import type { BlockComponent } from '../types';
import type { Location } from '../../services/stock';
import { groupOpeningHours } from '../../domain/locations/opening-hours';
import { hoursSourceOf, upcomingHours, upcomingSpecialHours } from '../../domain/locations/upcoming-hours';
import { openNow } from '../../domain/locations/open-now';
import { formatCalendarDate, formatNumber } from '../../domain/format';
import { reviewsToShow, showsRatingSummary } from '../../domain/locations/reviews';
import { LOCATION_TAB_LABELS, tabsOfLocation } from '../../domain/locations/location-tabs';
import { locationJsonLd } from '../../domain/locations/location-structured-data';
import { prepareForm } from '../../server/page-data/form-block';
import { pageLocation } from '../../server/page-data/location-context';
import { bookingHref, PARTS_ENQUIRY_PATH } from '../../server/page-data/locations-data';
import { siteOrigin } from '../../server/page-data/site-origin';
import { FormDialog } from '../FormModalButton/FormDialog.client';
import { HolidayHoursDialog, HoursPicker, LocationMap } from './LocationDetail.client';
import type { HoursTable } from './LocationDetail.client';
import { buttonClass } from '../../components/ui/button';
import { BookServiceLink } from '../../components/ui/BookServiceLink';
import styles from './LocationDetail.module.css';

const dateLabel = (date: string) => formatCalendarDate(date, 'weekday');
const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

function typeLabel(location: Location): string {
  return tabsOfLocation({ location_type: location.location_type ?? '' })
    .map((t) => LOCATION_TAB_LABELS[t])
    .join(' and ');
}

function hoursTable(location: Location, now: Date): HoursTable {
  const source = hoursSourceOf(location);
  const status = openNow(source, now);
  return {
    id: location.id,
    label: typeLabel(location) || location.name,
    status: status.kind === 'open' ? `${status.label} · closes ${status.closesAt}` : status.label,
    rows: groupOpeningHours(location.contact_detail?.opening_hours ?? []).map((r) => ({
      label: r.label,
      hours: r.hours,
    })),
    // conversion §5.4 / issue: holiday hours override the day they fall on, in the location's time zone.
    changes: upcomingHours(source, now)
      .filter((d) => d.special)
      .map((d) => ({ date: dateLabel(d.date), ...(d.special?.name ? { name: d.special.name } : {}), hours: d.hours })),
  };
}

function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className={styles.stars} role="img" aria-label={`${rating} out of 5 stars`}>
      {'★'.repeat(full)}
      <span aria-hidden="true" className={styles.starsEmpty}>
        {'★'.repeat(Math.max(0, 5 - full))}
      </span>
    </span>
  );
}

export const LocationDetail: BlockComponent<'LocationDetail'> = async ({ props, ctx }) => {
  const { tenant, now } = ctx;
  const { location, dealership, sameStreet } = await pageLocation(ctx);
  const enquiry = await prepareForm(tenant, props.enquiryForm ?? 'location-enquiry', {});
  const settings = tenant.locationSettings;
  const address = location.address;
  const tabs = tabsOfLocation({ location_type: location.location_type ?? '' });
  const phone = location.contact_detail?.phone ?? location.contact_detail?.landline_phone;
  const oneLine = [address?.street, [address?.city, address?.state, address?.postcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const hasPoint = typeof address?.lat === 'number' && typeof address.long === 'number';
  const directions = hasPoint
    ? `https://www.google.com/maps/dir/?api=1&destination=${address?.lat}%2C${address?.long}`
    : `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(oneLine)}`;
  const tables = [location, ...sameStreet].map((l) => hoursTable(l, now));
  const holidays = upcomingSpecialHours(hoursSourceOf(location), now).map((d) => ({
    date: dateLabel(d.date),
    ...(d.special?.name ? { name: d.special.name } : {}),
    hours: d.hours,
  }));
  const rating = location.reviews?.average_rating ?? location.average_rating;
  const count = location.reviews?.count ?? location.review_count;
  const reviews = reviewsToShow(location.review_items ?? [], { minRating: settings.reviewMinRating });
  const sells = tabs.includes('sales') || tabs.includes('used');
  const origin = siteOrigin(tenant);
  const jsonLd = locationJsonLd(location, {
    url: `${origin}/locations/${location.slug}`,
    country: tenant.locale.country,
    minRating: settings.reviewMinRating,
  });

  return (
    <article className="section location" aria-labelledby="location-heading">
      <div className="container">
        <p className={styles.type}>{[dealership?.name, typeLabel(location)].filter(Boolean).join(' · ')}</p>
        <h1 id="location-heading">{location.name}</h1>
        <div className={styles.grid}>
          <div className="location__main">
            <section aria-labelledby="location-contact">
              <h2 id="location-contact">Address and contact</h2>
              {oneLine ? <address className={styles.address}>{oneLine}</address> : null}
              <div className={styles.actions}>
                <a className={buttonClass('primary')} href={directions} rel="noopener" target="_blank">
                  Get Directions<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
                {/* catalogue §2: parts locations show Parts Enquiry instead of a phone number. */}
                {tabs.includes('parts') && !tabs.includes('sales') ? (
                  <a className={buttonClass('secondary')} href={PARTS_ENQUIRY_PATH}>
                    Parts Enquiry
                  </a>
                ) : phone ? (
                  <a className={buttonClass('secondary')} href={telHref(phone)}>
                    Call {phone}
                  </a>
                ) : null}
                {enquiry ? (
                  <FormDialog
                    site={tenant.slug}
                    label="Send Enquiry"
                    style="outline"
                    form={enquiry.form}
                    locationId={location.id}
                    dialogTitle={`Send an enquiry to ${location.name}`}
                  />
                ) : null}
                {tabs.includes('service') && settings.showServiceBooking ? (
                  <BookServiceLink className={buttonClass('outline')} href={bookingHref(tenant, location.id)} />
                ) : null}
                {sells ? (
                  <a className={buttonClass('outline')} href={`/search/${location.slug}`}>
                    View stock at this location
                  </a>
                ) : null}
              </div>
              {location.dealer_license_number ? (
                <p className={styles.licence}>Dealer licence {location.dealer_license_number}</p>
              ) : null}
            </section>
            <section aria-labelledby="location-hours">
              <div className={styles.hoursHead}>
                <h2 id="location-hours">Opening hours</h2>
                <HolidayHoursDialog days={holidays} />
              </div>
              <HoursPicker tables={tables} name={location.name} />
            </section>
            {showsRatingSummary(rating, settings.reviewMinRating) && rating !== undefined ? (
              <section aria-labelledby="location-reviews" className="location__reviews">
                <h2 id="location-reviews">Customer reviews</h2>
                <p className="location__rating">
                  <Stars rating={rating} /> <strong>{rating.toFixed(1)}</strong>
                  {count ? ` from ${formatNumber(count)} reviews` : ''}
                </p>
                {reviews.length ? (
                  <ul className={styles.reviews}>
                    {reviews.map((r) => (
                      <li key={r.id} className={styles.review}>
                        <p className="review__head">
                          <Stars rating={r.rating} /> <strong>{r.customer_name}</strong>
                          {r.review_date ? (
                            <span className={styles.reviewDate}> · {dateLabel(r.review_date)}</span>
                          ) : null}
                        </p>
                        {r.text ? <p>{r.text}</p> : null}
                        {r.reply_text ? (
                          <p className={styles.reviewReply}>
                            Reply from {location.name}: {r.reply_text}
                          </p>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </section>
            ) : null}
          </div>
          <aside className="location__aside" id="location-map" aria-label="Map">
            <div className={styles.map}>
              <p className={styles.mapAddress}>{oneLine}</p>
              <a href={directions} rel="noopener" target="_blank">
                Directions to {location.name}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              {hasPoint ? <LocationMap lat={address?.lat ?? 0} lng={address?.long ?? 0} name={location.name} /> : null}
            </div>
          </aside>
        </div>
      </div>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
      />
    </article>
  );
};
