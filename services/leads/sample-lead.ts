import { ANALYTICS_EVENTS } from '../../domain/analytics-events';
import type { Lead } from './types';

/**
 * A lead as the delivery formats see it, for their tests: a used-car enquiry about a 2021 Corolla
 * at Harbour Toyota. Each test overrides what it is about.
 */
export function sampleLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 4211,
    tenant: 'harbour-motors',
    siteName: 'Harbour Motors',
    form: 'used-car-enquiry',
    eventId: ANALYTICS_EVENTS.usedCarEnquiry,
    category: 'Used Car Enquiry',
    fields: {
      name: 'Jane',
      last_name: 'Citizen',
      email: 'jane@example.com',
      phone: '0412 345 678',
      postcode: '2000',
      message: 'Is it still available?',
      opt_in: true,
    },
    additionalServices: ['Finance'],
    car: {
      id: 77,
      slug: '2021-toyota-corolla-ascent-sport',
      stocknum: 'U1234',
      vin: 'JTNKU3JE60J012345',
      year: 2021,
      make: 'Toyota',
      model: 'Corolla',
      badge: 'Ascent Sport',
      car_type: 'used',
      price: 29990,
      url: 'https://harbour.example/cars/2021-toyota-corolla-ascent-sport',
    },
    dealership: {
      id: 3,
      slug: 'harbour-toyota',
      name: 'Harbour Toyota',
      phone: '02 9000 0000',
      email: 'sales@harbour.example',
    },
    url: 'https://harbour.example/cars/2021-toyota-corolla-ascent-sport',
    source: 'Website',
    visitedPages: ['https://harbour.example/'],
    linkedQueryParams: { utm_source: 'google' },
    createdAt: '2026-11-22T00:00:00.000Z',
    ...overrides,
  };
}
