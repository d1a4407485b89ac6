'use client';

import { useHydrated } from '../../components/shopper/use-hydrated';
import { readSuccessMarker } from '../../components/shopper/user-details';

/** The personal part of the thank-you: only this browser knows who just sent which form. */
export function SuccessDetails({ site }: { site: string }) {
  const hydrated = useHydrated();
  const marker = hydrated ? readSuccessMarker(site) : undefined;
  if (!marker) return null;
  return (
    <div className="success__details">
      <p>
        {marker.name ? `Thanks, ${marker.name}. ` : ''}We have received your {marker.title.toLowerCase()}
        {marker.car ? (
          <>
            {' '}
            about the <a href={`/cars/${marker.car.slug}`}>{marker.car.name}</a>
          </>
        ) : null}
        .
      </p>
      <p>
        Your reference number is <strong>{marker.leadId}</strong>.
      </p>
    </div>
  );
}
