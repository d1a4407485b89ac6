import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { FooterColumn, MenuItem } from '../../schemas/types.generated';
import { footerColumns } from './footer-columns';

const header: MenuItem[] = [
  { label: 'Home', href: '/' },
  { label: 'New Vehicles', kind: 'models', href: '/models', when: 'newVehicles' },
  { label: 'Stock', kind: 'dropdown', children: [{ label: 'Used Cars', href: '/search/used-cars' }] },
  { label: 'Offers', href: '/special-offers', when: 'offers' },
  { label: 'Our Brands', kind: 'brands' },
  {
    label: 'Service',
    kind: 'dropdown',
    when: 'serviceMenu',
    children: [{ label: 'Book a Service', href: '/service', serviceBooking: true }],
  },
  { label: 'About Us', kind: 'dropdown', children: [{ label: 'About', href: '/about-us' }] },
  { label: 'Finance', href: '/finance', highlight: true },
];
const extras: FooterColumn[] = [
  {
    heading: 'about us',
    links: [
      { label: 'About', href: '/about-us' },
      { label: 'Terms and Conditions', href: '/terms-and-conditions' },
    ],
  },
  { heading: 'Buyer Tools', links: [{ label: 'Trade In', href: '/trade-in' }] },
];
const options = { repeatHeader: true, linksHeading: 'Quick Links' };

describe('spec: conversion §2.4 — "The footer repeats these and adds Buyer Tools"', () => {
  it("repeats the header's single links, then one column per drop-down, then the site's own columns", () => {
    const columns = footerColumns(header, extras, options);
    expect(columns.map((c) => c.heading)).toEqual(['Quick Links', 'Stock', 'Service', 'About Us', 'Buyer Tools']);
    expect(columns[0]?.links).toEqual([
      { label: 'Home', href: '/' },
      { label: 'New Vehicles', href: '/models', when: 'newVehicles' },
      { label: 'Offers', href: '/special-offers', when: 'offers' },
      { label: 'Finance', href: '/finance' },
    ]);
    // Switches and service booking travel with the items; a brands menu without a link is left out.
    expect(columns[2]).toEqual({
      heading: 'Service',
      when: 'serviceMenu',
      links: [{ label: 'Book a Service', href: '/service', serviceBooking: true }],
    });
  });

  it('a footer column headed like a drop-down adds its links to it, once each', () => {
    const about = footerColumns(header, extras, options).find((c) => c.heading === 'About Us');
    expect(about?.links.map((l) => l.href)).toEqual(['/about-us', '/terms-and-conditions']);
  });

  it('a site that does not repeat its header keeps its footer as written', () => {
    expect(footerColumns(header, extras, { ...options, repeatHeader: false })).toEqual(extras);
  });

  it('both templates repeat the header and add Buyer Tools (used, demo, new cars, trade in, finance)', () => {
    for (const template of ['franchise', 'group']) {
      const data = JSON.parse(readFileSync(`pages-json/${template}/defaults.json`, 'utf8')) as {
        menus: { header: MenuItem[]; footer: FooterColumn[]; footerRepeatsHeader?: boolean };
      };
      expect(data.menus.footerRepeatsHeader, template).toBe(true);
      const columns = footerColumns(data.menus.header, data.menus.footer, options);
      const dropdowns = data.menus.header.filter((item) => item.kind === 'dropdown').map((item) => item.label);
      expect(columns.map((c) => c.heading)).toEqual(expect.arrayContaining(['Quick Links', ...dropdowns]));
      const buyerTools = columns.find((c) => c.heading === 'Buyer Tools');
      expect(
        buyerTools?.links.map((l) => l.href),
        template,
      ).toEqual(['/search/used-cars', '/search/demo-cars', '/search/new-cars', '/trade-in', '/finance']);
      for (const item of data.menus.header.filter((i) => i.href && i.kind !== 'brands'))
        expect(
          columns.flatMap((c) => c.links).some((l) => l.href === item.href),
          `${template}: ${item.label}`,
        ).toBe(true);
    }
  });

  it("a brands item's link carries its page's switch, and a service-booking item without a link leads to /service", () => {
    const columns = footerColumns(
      [
        { label: 'Our Brands', kind: 'brands', href: '/brands' },
        { label: 'Book a Service', serviceBooking: true },
      ],
      [],
      options,
    );
    expect(columns[0]?.links).toEqual([
      { label: 'Our Brands', href: '/brands', when: 'brandsPage' },
      { label: 'Book a Service', href: '/service', serviceBooking: true },
    ]);
  });

  it("a merged footer column's switch stays with its own links", () => {
    const columns = footerColumns(
      header,
      [{ heading: 'About Us', when: 'accounts', links: [{ label: 'My account', href: '/account', when: '!sso' }] }],
      options,
    );
    expect(columns.find((c) => c.heading === 'About Us')).toEqual({
      heading: 'About Us',
      links: [
        { label: 'About', href: '/about-us' },
        { label: 'My account', href: '/account', when: ['accounts', '!sso'] },
      ],
    });
  });
});
