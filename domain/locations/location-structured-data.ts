import { WEEKDAY_NAMES } from './opening-hours';
import { parseClock } from './day-hours';

interface LdLocation {
  name: string;
  address?: {
    street?: string;
    city?: string;
    state?: string;
    postcode?: string;
    lat?: number | null;
    long?: number | null;
  } | null;
  contact_detail?: {
    phone?: string;
    opening_hours?: ReadonlyArray<{ weekday: number; status?: string; open?: string; close?: string }>;
  } | null;
  average_rating?: number;
  review_count?: number;
}

const hhmm = (text: string | undefined): string | undefined => {
  const minutes = text ? parseClock(text) : undefined;
  return minutes === undefined
    ? undefined
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** schema.org AutoDealer for a location page: address, geo, phone, opening hours and rating. */
export function locationJsonLd(
  location: LdLocation,
  options: { url: string; country: string; minRating: number },
): Record<string, unknown> {
  const address = location.address;
  const hours = (location.contact_detail?.opening_hours ?? []).flatMap((entry) => {
    const opens = hhmm(entry.open);
    const closes = hhmm(entry.close);
    if (entry.status !== 'Open' || !opens || !closes) return [];
    return [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: `https://schema.org/${WEEKDAY_NAMES[entry.weekday] ?? ''}`,
        opens,
        closes,
      },
    ];
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    name: location.name,
    url: options.url,
    ...(location.contact_detail?.phone ? { telephone: location.contact_detail.phone } : {}),
    ...(address
      ? {
          address: {
            '@type': 'PostalAddress',
            ...(address.street ? { streetAddress: address.street } : {}),
            ...(address.city ? { addressLocality: address.city } : {}),
            ...(address.state ? { addressRegion: address.state } : {}),
            ...(address.postcode ? { postalCode: address.postcode } : {}),
            addressCountry: options.country,
          },
        }
      : {}),
    ...(typeof address?.lat === 'number' && typeof address.long === 'number'
      ? { geo: { '@type': 'GeoCoordinates', latitude: address.lat, longitude: address.long } }
      : {}),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    ...(location.average_rating !== undefined && location.review_count && location.average_rating >= options.minRating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: location.average_rating,
            reviewCount: location.review_count,
            bestRating: 5,
          },
        }
      : {}),
  };
}
