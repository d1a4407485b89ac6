import { describe, expect, it, vi } from 'vitest';
import { vehiclePhone } from './vehicle-phone';

const car = { id: 41, slug: '2020-mazda-cx-5-41', car_type: 'used' as const };

// spec: conversion §8 — "Missing phone number | Console warning only"; catalogue §4 dealer phone.
describe('the phone number a vehicle page shows', () => {
  it('is the car type’s number, else the location’s, else the site’s', () => {
    const warn = vi.fn();
    const tenant = { slug: 'a', contact: { phone: '02 9000 0000', phonesByCarType: { used: '02 9111 1111' } } };
    expect(vehiclePhone(car, tenant, '02 9222 2222', warn)).toBe('02 9111 1111');
    expect(vehiclePhone(car, { slug: 'a', contact: { phone: '02 9000 0000' } }, '02 9222 2222', warn)).toBe(
      '02 9222 2222',
    );
    expect(vehiclePhone(car, { slug: 'a', contact: { phone: '02 9000 0000' } }, undefined, warn)).toBe('02 9000 0000');
    expect(warn).not.toHaveBeenCalled();
  });

  it('is none when no number is known, with one warning per car naming the site and the car', () => {
    const warn = vi.fn();
    const tenant = { slug: 'no-phone-site' };
    expect(vehiclePhone(car, tenant, undefined, warn)).toBeUndefined();
    expect(vehiclePhone(car, tenant, undefined, warn)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      'Car 41 (2020-mazda-cx-5-41) on no-phone-site has no phone number to show (none for its type, its location or the site): its page shows no phone button.',
    );
  });
});
