import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { groupOpeningHours } from '../../domain/locations/opening-hours';
import { hoursSourceOf, upcomingHours } from '../../domain/locations/upcoming-hours';
import { openNow } from '../../domain/locations/open-now';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { dealerSearchPath } from '../../domain/search-links';
import { LocationMap } from '../LocationDetail/LocationDetail.client';
import { buttonClass } from '../../components/ui/button';
import locationStyles from '../LocationDetail/LocationDetail.module.css';
import styles from './VehicleLocation.module.css';

export const VehicleLocation: BlockComponent<'VehicleLocation'> = async ({ props, ctx }) => {
  const { car, location, dealership } = await pageVehicle(ctx);
  if (!location) return null;
  // spec: conversion §2.2 / catalogue §2 — "more from this dealer" is /search/{dealership_slug}.
  const moreHref =
    props.moreFromDealer === false ? undefined : dealerSearchPath(dealership?.slug ?? car.dealership_slug);
  const address = location.address;
  const oneLine = [address?.street, [address?.city, address?.state, address?.postcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const hasPoint = typeof address?.lat === 'number' && typeof address.long === 'number';
  const directions = hasPoint
    ? `https://www.google.com/maps/dir/?api=1&destination=${address?.lat}%2C${address?.long}`
    : `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(oneLine)}`;
  const source = hoursSourceOf(location);
  const status = openNow(source, ctx.now);
  const today = upcomingHours(source, ctx.now, 1)[0];
  const rows = groupOpeningHours(location.contact_detail?.opening_hours ?? []);
  const heading = (props.heading ?? 'Where to see this {vehicle word}').replace(
    '{vehicle word}',
    ctx.tenant.vehicleWord,
  );
  return (
    <section className={styles.location} aria-labelledby="vehicle-location-heading">
      <h2 id="vehicle-location-heading">{heading}</h2>
      <div className={styles.grid}>
        <div>
          <p className={styles.name}>
            <Link href={`/locations/${location.slug}`}>{location.name}</Link>
          </p>
          {oneLine ? <address className={locationStyles.address}>{oneLine}</address> : null}
          <p className={`${locationStyles.hoursStatus} location-hours__status`}>
            {status.kind === 'open' ? `${status.label} · closes ${status.closesAt}` : status.label}
            {today?.special ? ` · ${today.special.name ?? 'Holiday hours'} today: ${today.hours}` : ''}
          </p>
          <table className={locationStyles.hoursTable}>
            <caption className="visually-hidden">Opening hours of {location.name}</caption>
            <tbody>
              {rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  <td>{r.hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <a className={buttonClass('primary')} href={directions} target="_blank" rel="noopener">
              Get Directions<span className="visually-hidden"> to {location.name} (opens in a new tab)</span>
            </a>
          </p>
          {moreHref ? (
            <p>
              <Link className={`${buttonClass('outline')} more-from-dealer`} href={moreHref}>
                More from {dealership?.name ?? 'this dealer'}
              </Link>
            </p>
          ) : null}
        </div>
        <div className={locationStyles.map}>
          {hasPoint ? (
            <LocationMap lat={address?.lat ?? 0} lng={address?.long ?? 0} name={location.name} />
          ) : (
            <p>{oneLine}</p>
          )}
        </div>
      </div>
    </section>
  );
};
