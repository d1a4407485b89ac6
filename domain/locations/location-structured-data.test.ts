import { describe, expect, it } from 'vitest';
import { locationJsonLd } from './location-structured-data';

describe('AutoDealer JSON-LD for a location page', () => {
  const location = {
    name: 'Harbour City Mazda',
    address: {
      street: '120 Botany Road',
      city: 'Alexandria',
      state: 'NSW',
      postcode: '2015',
      lat: -33.9041,
      long: 151.1989,
    },
    contact_detail: {
      phone: '1300 762 992',
      opening_hours: [
        { weekday: 0, status: 'By appointment only' },
        { weekday: 1, status: 'Open', open: '08:30', close: '17:30' },
        { weekday: 6, status: 'Open', open: '8:30 AM', close: '4:00 PM' },
      ],
    },
    average_rating: 4.6,
    review_count: 212,
  };

  it('has the address, geo, phone and the open days as OpeningHoursSpecification (appointment-only days left out)', () => {
    const ld = locationJsonLd(location, { url: 'https://example.com/locations/x', country: 'AU', minRating: 4 });
    expect(ld).toMatchObject({
      '@type': 'AutoDealer',
      telephone: '1300 762 992',
      address: {
        streetAddress: '120 Botany Road',
        addressLocality: 'Alexandria',
        addressRegion: 'NSW',
        postalCode: '2015',
        addressCountry: 'AU',
      },
      geo: { latitude: -33.9041, longitude: 151.1989 },
      openingHoursSpecification: [
        { dayOfWeek: 'https://schema.org/Monday', opens: '08:30', closes: '17:30' },
        { dayOfWeek: 'https://schema.org/Saturday', opens: '08:30', closes: '16:00' },
      ],
      aggregateRating: { ratingValue: 4.6, reviewCount: 212 },
    });
  });

  it('leaves the rating out below the minimum rating (conversion §5.4)', () => {
    expect(
      locationJsonLd({ ...location, average_rating: 3.9 }, { url: 'u', country: 'AU', minRating: 4 }),
    ).not.toHaveProperty('aggregateRating');
  });
});
