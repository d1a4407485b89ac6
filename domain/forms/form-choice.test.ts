import { describe, expect, it } from 'vitest';
import { formNameFor, type FormChoice } from './form-choice';

const contact: FormChoice = {
  new: 'new-car-enquiry',
  used: 'used-car-enquiry',
  demo: 'used-car-enquiry',
  none: 'general-enquiry',
};

describe('formNameFor', () => {
  it('a single form name is used with or without a car', () => {
    expect(formNameFor('general-enquiry', undefined)).toBe('general-enquiry');
    expect(formNameFor('general-enquiry', { car_type: 'new' })).toBe('general-enquiry');
  });

  // spec: conversion §7 item 12 — enquiry event ids 14 (new), 15 (used), 22 (general enquiry, default).
  it('a car picks the form of its type: new-car (event 14) for new, used-car (event 15) for used and demo', () => {
    expect(formNameFor(contact, { car_type: 'new' })).toBe('new-car-enquiry');
    expect(formNameFor(contact, { car_type: 'used' })).toBe('used-car-enquiry');
    expect(formNameFor(contact, { car_type: 'demo' })).toBe('used-car-enquiry');
  });

  it('a car type the feed adds later is treated as used', () => {
    expect(formNameFor(contact, { car_type: 'ex-rental' })).toBe('used-car-enquiry');
  });

  it('without a car (none given, or an unknown or unlisted car_id) the general enquiry is shown', () => {
    expect(formNameFor(contact, undefined)).toBe('general-enquiry');
  });

  it('a choice without a form for no car keeps the used-car form, as vehicle pages always did', () => {
    expect(formNameFor({ new: 'a', used: 'b', demo: 'c' }, undefined)).toBe('b');
  });
});
