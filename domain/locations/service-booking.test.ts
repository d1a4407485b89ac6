import { describe, expect, it } from 'vitest';
import { bookingAwareHref, isExternalBooking, serviceBookingHref, SERVICE_PATH } from './service-booking';

const all = {
  byLocation: [{ locationId: 7, url: 'https://book.example.com/north' }],
  contactUrl: 'https://booking.example.com/legacy',
  settingsUrl: 'https://locations.example.com/book',
};

describe('serviceBookingHref', () => {
  // spec: catalogue §2 — 'Book a Service' goes to a per-dealer service booking address, or to /service.
  it('goes to /service when the site has no booking address', () => {
    expect(SERVICE_PATH).toBe('/service');
    expect(serviceBookingHref({})).toBe('/service');
    expect(serviceBookingHref({ byLocation: [] }, 7)).toBe('/service');
  });

  it("a location's own booking address comes first", () => {
    expect(serviceBookingHref(all, 7)).toBe('https://book.example.com/north');
  });

  // spec: conversion §1 — the dealer's external service-booking address (xtime_url, migrated to contact.serviceBookingUrl).
  it("other locations, and links not about a location, use the dealer's booking system (the legacy xtime_url)", () => {
    expect(serviceBookingHref(all, 8)).toBe('https://booking.example.com/legacy');
    expect(serviceBookingHref(all)).toBe('https://booking.example.com/legacy');
  });

  it("the locations' booking address is used when the dealer has no booking system", () => {
    expect(serviceBookingHref({ settingsUrl: '/service/mazda' }, 3)).toBe('/service/mazda');
  });

  it('passes over an address a shopper cannot safely follow', () => {
    expect(serviceBookingHref({ contactUrl: 'javascript:alert(1)', settingsUrl: 'https://ok.example.com' })).toBe(
      'https://ok.example.com',
    );
    expect(serviceBookingHref({ contactUrl: 'mailto:service@example.com' })).toBe('/service');
    expect(serviceBookingHref({ byLocation: [{ locationId: 1, url: '//evil.example.com' }] }, 1)).toBe('/service');
    expect(serviceBookingHref({ contactUrl: ' https://book.example.com ' })).toBe('https://book.example.com');
  });

  it("security review: '`usable()` accepts `/\\evil.example` (browsers treat `/\\` as `//`)' — another site is passed over", () => {
    for (const url of ['/\\evil.example', '/\\/evil.example', '//evil.example', '/\t/evil.example', '/\n/evil.example'])
      expect(serviceBookingHref({ contactUrl: url }), JSON.stringify(url)).toBe('/service');
    expect(serviceBookingHref({ contactUrl: '/book-a-service' })).toBe('/book-a-service');
  });

  it('tells a web address from a page of the site', () => {
    expect(isExternalBooking('https://booking.example.com/legacy')).toBe(true);
    expect(isExternalBooking('/service')).toBe(false);
  });
});

describe('bookingAwareHref', () => {
  // spec: catalogue §2 — 'Book a Service' goes to a per-dealer service booking address, or to /service;
  // conversion §1 — xtime_url is the dealer's booking address (migrated to contact.serviceBookingUrl).
  it('leaves a plain link as it is, booking address or not', () => {
    expect(bookingAwareHref({ href: '/finance' }, all)).toBe('/finance');
    expect(bookingAwareHref({ href: '/service', serviceBooking: false }, all)).toBe('/service');
    expect(bookingAwareHref({}, all)).toBeUndefined();
  });

  it("a booking link takes the dealer's booking system first, then the locations' address", () => {
    expect(bookingAwareHref({ href: '/service', serviceBooking: true }, all)).toBe(
      'https://booking.example.com/legacy',
    );
    expect(bookingAwareHref({ href: '/service', serviceBooking: true }, { settingsUrl: all.settingsUrl })).toBe(
      'https://locations.example.com/book',
    );
  });

  it('never takes one location’s own address for the whole site', () => {
    expect(bookingAwareHref({ serviceBooking: true }, { byLocation: all.byLocation })).toBe('/service');
  });

  it('falls back to its own Link, then to /service', () => {
    expect(bookingAwareHref({ href: '/workshop', serviceBooking: true }, {})).toBe('/workshop');
    expect(bookingAwareHref({ serviceBooking: true }, {})).toBe(SERVICE_PATH);
  });

  it("security review: a booking link's own Link or booking address of `/\\evil.example` is not followed", () => {
    expect(bookingAwareHref({ href: '/\\evil.example', serviceBooking: true }, {})).toBe('/service');
    expect(bookingAwareHref({ href: '/service', serviceBooking: true }, { contactUrl: '/\\evil.example' })).toBe(
      '/service',
    );
  });

  it('passes over an address that is not a site path or web address', () => {
    expect(bookingAwareHref({ href: '/service', serviceBooking: true }, { contactUrl: 'javascript:alert(1)' })).toBe(
      '/service',
    );
    expect(bookingAwareHref({ serviceBooking: true }, { contactUrl: ' https://book.example.com/ ' })).toBe(
      'https://book.example.com/',
    );
  });
});
