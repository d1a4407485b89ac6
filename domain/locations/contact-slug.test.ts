import { describe, expect, it } from 'vitest';
import { contactUsPath, contactUsSlug, findLocationByContactSlug } from './contact-slug';

describe("'Contact Us' link", () => {
  // spec: catalogue §2 — "'Contact Us' goes to /contact-us/{slugified location name}; a trailing
  // ' - Sales', ' - Service' or ' - Parts' is dropped from the name first."
  it('drops a trailing - Sales, - Service or - Parts before slugifying', () => {
    expect(contactUsSlug('Harbour City Mazda - Sales')).toBe('harbour-city-mazda');
    expect(contactUsSlug('Harbour City Mazda - Service')).toBe('harbour-city-mazda');
    expect(contactUsSlug('Harbour City Mazda - Parts')).toBe('harbour-city-mazda');
    expect(contactUsPath('Harbour City Mazda - Sales')).toBe('/contact-us/harbour-city-mazda');
  });

  it('keeps a type word that is not a trailing " - " suffix', () => {
    expect(contactUsSlug('Harbour City Mazda Service')).toBe('harbour-city-mazda-service');
    expect(contactUsSlug('Sales - Harbour City')).toBe('sales-harbour-city');
    expect(contactUsSlug('Tasman - Motorparts')).toBe('tasman-motorparts');
    expect(contactUsSlug('Tasman - Used')).toBe('tasman-used');
  });

  it('tolerates case and spacing typed by hand, and drops one suffix only', () => {
    expect(contactUsSlug('Harbour City Mazda  -  SERVICE ')).toBe('harbour-city-mazda');
    expect(contactUsSlug('Parts Co - Parts - Parts')).toBe('parts-co-parts');
  });

  it('slugifies the rest as the site does elsewhere', () => {
    expect(contactUsSlug('Southern Cross Motors Brisbane Service & Parts')).toBe(
      'southern-cross-motors-brisbane-service-and-parts',
    );
    expect(contactUsSlug('Côte Motors')).toBe('cote-motors');
  });

  // spec: conversion §2.3 — "/contact-us/{location slug} (/our-location/{slug} on one site variant)".
  it('takes another base path for tenants that use one', () => {
    expect(contactUsPath('Harbour City Mazda - Sales', '/our-location/')).toBe('/our-location/harbour-city-mazda');
  });
});

describe('resolving a /contact-us/{slug} address', () => {
  const locations = [
    { name: 'Harbour City Mazda - Sales', slug: 'harbour-city-mazda-sales' },
    { name: 'Harbour City Mazda - Service', slug: 'harbour-city-mazda-service' },
  ];

  it('finds a location by its slug or by the slug of its name', () => {
    expect(findLocationByContactSlug(locations, 'harbour-city-mazda-service')?.name).toBe(
      'Harbour City Mazda - Service',
    );
    expect(findLocationByContactSlug(locations, 'harbour-city-mazda')?.name).toBe('Harbour City Mazda - Sales');
    expect(findLocationByContactSlug(locations, 'HARBOUR-CITY-MAZDA-SALES')?.slug).toBe('harbour-city-mazda-sales');
    expect(findLocationByContactSlug(locations, 'nowhere')).toBeUndefined();
  });
});
