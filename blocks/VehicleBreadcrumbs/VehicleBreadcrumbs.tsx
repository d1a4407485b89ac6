import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { breadcrumbs } from '../../domain/vehicle/breadcrumbs';
import { homeCity, locatedAt } from '../../domain/vehicle/location-announcement';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { LocationAnnouncement } from './VehicleBreadcrumbs.client';
import styles from './VehicleBreadcrumbs.module.css';

function directions(
  address: { street?: string; city?: string; state?: string; postcode?: string } | undefined,
): string | undefined {
  if (!address) return undefined;
  const query = [address.street, address.city, address.state, address.postcode].filter(Boolean).join(', ');
  return query ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(query)}` : undefined;
}

export const VehicleBreadcrumbs: BlockComponent<'VehicleBreadcrumbs'> = async ({ props, ctx }) => {
  const { car, location, primaryLocation } = await pageVehicle(ctx);
  const crumbs = breadcrumbs(car);
  const away =
    props.announceLocation === false
      ? undefined
      : locatedAt(location?.address?.city, homeCity(ctx.tenant.overrideCity, primaryLocation?.address?.city));
  return (
    <div className="container">
      <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
        <ol>
          {crumbs.map((crumb) => (
            <li key={crumb.label}>
              {crumb.href ? (
                <Link href={crumb.href}>{crumb.label}</Link>
              ) : (
                <span aria-current="page">{crumb.label}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {away ? <LocationAnnouncement text={away} directionsHref={directions(location?.address)} /> : null}
    </div>
  );
};
