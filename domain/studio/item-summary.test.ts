import { describe, expect, it } from 'vitest';
import { dateRangeText, itemName, itemNoun, itemSummary } from './item-summary';

// Every date below is read as if today were 15 June 2026.
const TODAY = new Date(2026, 5, 15);
const summary = (data: unknown, noun = 'item', index = 0) => itemSummary(data, noun, index, TODAY);

describe('itemNoun: what one item of a list is called (issue 32)', () => {
  it("uses the item schema's title, lower case, and splits a type name into words", () => {
    expect(itemNoun('Button', 'Buttons')).toBe('button');
    expect(itemNoun('Web address', 'Web addresses')).toBe('web address');
    expect(itemNoun('MenuItem', undefined)).toBe('menu item');
    expect(itemNoun('SpecialOffer', undefined)).toBe('special offer');
    expect(itemNoun('CRM destination', undefined)).toBe('CRM destination');
  });

  it("else makes the list's title singular when it is a plain plural", () => {
    expect(itemNoun(undefined, 'Special offers')).toBe('special offer');
    expect(itemNoun(undefined, 'Drop-down links')).toBe('drop-down link');
    expect(itemNoun(undefined, 'E-mail addresses')).toBe('e-mail address');
    expect(itemNoun(undefined, 'Enquiry categories')).toBe('enquiry category');
    expect(itemNoun(undefined, 'Footer columns')).toBe('footer column');
    expect(itemNoun(undefined, 'Fields')).toBe('field');
  });

  it('else says item', () => {
    expect(itemNoun(undefined, 'Header menu')).toBe('item');
    expect(itemNoun(undefined, 'Makes without estimates')).toBe('item');
    expect(itemNoun(undefined, 'Service booking address per location')).toBe('item');
    expect(itemNoun(undefined, 'Several switches')).toBe('item');
    expect(itemNoun(undefined, 'Lead delivery')).toBe('item');
    expect(itemNoun('  ', undefined)).toBe('item');
  });
});

describe('itemSummary: the one line of a collapsed item (issue 32)', () => {
  it('a menu item (tenant menus.header) is its label and where it leads', () => {
    expect(summary({ label: 'Special offers', href: '/special-offers' }, 'menu item')).toBe(
      'Special offers → /special-offers',
    );
    // A drop-down without a link of its own: how many links it holds.
    expect(
      summary({ label: 'Used cars', kind: 'dropdown', children: [{ label: 'All', href: '/used' }, {}] }, 'menu item'),
    ).toBe('Used cars · 2 drop-down links');
    // A drop-down link (menuLink).
    expect(summary({ label: 'Service', href: '/service', serviceBooking: true })).toBe('Service → /service');
  });

  it('a footer column is its heading and how many links it has', () => {
    expect(summary({ heading: 'Company', links: [{ label: 'About', href: '/about' }] })).toBe('Company · 1 link');
    expect(summary({ heading: 'Cars', links: [] })).toBe('Cars · 0 links');
  });

  it('an offer (tenant offers) is its title and its dates in en-AU short form', () => {
    expect(
      summary({ id: 'summer', title: 'Summer Drive-Away', start: '2026-12-01', expiry: '2027-01-31' }, 'special offer'),
    ).toBe('Summer Drive-Away · 1 Dec – 31 Jan');
    expect(summary({ id: 'eofy', title: 'EOFY sale', start: '2026-06-01', expiry: '2026-06-30' })).toBe(
      // en-AU's own short forms: June, July, Sept.
      'EOFY sale · 1 June – 30 June',
    );
    expect(summary({ id: 'x', title: 'Open-ended', start: '2026-07-04' })).toBe('Open-ended · from 4 July');
    expect(summary({ id: 'x', title: 'Until Christmas', expiry: '2026-12-25' })).toBe('Until Christmas · until 25 Dec');
  });

  it('shows the year when a date is not in the current year or the range spans years', () => {
    // Both in another year: the year once, at the end.
    expect(summary({ title: 'Next year', start: '2027-03-01', expiry: '2027-06-30' })).toBe(
      'Next year · 1 Mar – 30 June 2027',
    );
    // Spanning years in a way that "1 Feb – 31 Mar" would hide: both years.
    expect(summary({ title: 'Long', start: '2026-02-01', expiry: '2027-03-31' })).toBe(
      'Long · 1 Feb 2026 – 31 Mar 2027',
    );
    expect(summary({ title: 'Last year', start: '2025-12-01', expiry: '2026-01-31' })).toBe(
      'Last year · 1 Dec 2025 – 31 Jan 2026',
    );
    expect(summary({ title: 'Old', expiry: '2025-10-31' })).toBe('Old · until 31 Oct 2025');
    expect(dateRangeText('2026-11-01', '2027-01-31', TODAY)).toBe('1 Nov – 31 Jan');
  });

  it('shows a date that is not (yet) a valid date as written', () => {
    expect(summary({ title: 'Typing', start: '2026-13-45', expiry: '2026-1' })).toBe('Typing · 2026-13-45 – 2026-1');
    expect(dateRangeText(undefined, undefined, TODAY)).toBeUndefined();
  });

  it('a promotion slide (tenant promotions) and a banner are their heading and dates; a hidden slide says so', () => {
    expect(
      summary({
        id: 'slide',
        heading: 'Service special',
        image: { src: '/a.webp', alt: 'A car' },
        position: 1,
        start: '2026-07-01',
        expiry: '2026-07-31',
        display: false,
      }),
    ).toBe('Service special · 1 July – 31 July · hidden');
    expect(summary({ id: 'b', heading: 'Sale now on', text: 'Big savings' })).toBe('Sale now on');
  });

  it('a blog card is its heading and date', () => {
    expect(summary({ href: '/blog/a', heading: 'Winter driving', date: '2026-03-03' })).toBe('Winter driving · 3 Mar');
  });

  it('a form field (form.schema.json fields) is its label and its type in words', () => {
    expect(summary({ name: 'phone', type: 'tel', label: 'Phone', required: true }, 'field')).toBe(
      'Phone · phone number, required',
    );
    expect(summary({ name: 'email', type: 'email', label: 'Your email' })).toBe('Your email · e-mail address');
    expect(summary({ name: 'message', type: 'textarea' })).toBe('message · long text');
    expect(summary({ name: 'category', type: 'select', label: 'Enquiry type', options: 'categories' })).toBe(
      'Enquiry type · drop-down list',
    );
  });

  it('a form step is its title and how many fields it asks', () => {
    expect(
      summary({
        title: 'Your details',
        fields: [
          { name: 'a', type: 'text' },
          { name: 'b', type: 'text' },
        ],
      }),
    ).toBe('Your details · 2 fields');
  });

  it('a choice of a drop-down field and a stats figure show their label and value', () => {
    expect(summary({ value: 'sedan', label: 'Sedan' })).toBe('Sedan (sedan)');
    expect(summary({ value: 'Sedan', label: 'Sedan' })).toBe('Sedan');
    expect(summary({ value: '50+', label: 'Locations' })).toBe('Locations (50+)');
    expect(summary('Hatch')).toBe('Hatch');
  });

  it('a button (tenant buttonSets) is its label', () => {
    expect(summary({ label: 'Enquire', href: '/enquire', style: 'primary' }, 'button')).toBe('Enquire');
    expect(summary({ label: 'Trade in', href: '#trade', cta: 'trade-in' })).toBe('Trade in');
  });

  it("a location (the feed's locations) is its name", () => {
    expect(summary({ id: 3, name: 'Camperdown Service', slug: 'camperdown-service', location_type: 'service' })).toBe(
      'Camperdown Service',
    );
    // A location's service booking address (locationSettings.serviceBookingByLocation).
    expect(summary({ locationId: 12, url: 'https://book.example.com' })).toBe('Location 12 → https://book.example.com');
    expect(summary({ locationId: 12, label: 'Contact us', href: '/contact' })).toBe('Contact us → /contact');
  });

  it('a dealership and a brand are their name', () => {
    expect(summary({ id: 1, slug: 'harbour-city', name: 'Harbour City Mazda', make: 'Mazda' })).toBe(
      'Harbour City Mazda',
    );
    expect(summary({ name: 'Mazda', slug: 'mazda', href: '/mazda' })).toBe('Mazda');
  });

  it("a finance lender's record is its provider, rate and term", () => {
    expect(summary({ financeProvider: 'Acme Finance', interestRate: 7.99, termYears: 5, paymentWeek: 120 })).toBe(
      'Acme Finance · 7.99% p.a. over 5 years',
    );
    expect(summary({ interestRate: 6.5, termMonths: 1 })).toBe('6.5% p.a. over 1 month');
  });

  it('a lead destination says where leads go', () => {
    expect(summary({ type: 'email', to: ['sales@example.com.au', 'a@example.com.au'] })).toBe(
      'E-mail to sales@example.com.au, a@example.com.au',
    );
    expect(summary({ type: 'webhook', url: 'https://crm.example/leads', secretEnv: 'X' })).toBe(
      'Web address https://crm.example/leads',
    );
    expect(summary({ type: 'adf' })).toBe('Dealer CRM (ADF/XML)');
  });

  it('a stock filter condition is in words', () => {
    expect(summary({ field: 'make', eq: 'Mazda' })).toBe('make is Mazda');
    expect(summary({ field: 'car_type', in: ['used', 'demo'] })).toBe('car_type is one of used, demo');
    expect(summary({ field: 'price', lte: 50000 })).toBe('price at most 50000');
    expect(summary({ field: 'photos', exists: true })).toBe('photos has a value');
  });

  it('falls back to the first of label, title, name, heading, question, text, else "<Item> 3"', () => {
    expect(summary({ question: 'Do you take trade-ins?', answer: 'Yes' })).toBe('Do you take trade-ins?');
    expect(summary({ text: '   ', heading: 'Why us' })).toBe('Why us');
    expect(summary({}, 'menu item', 2)).toBe('Menu item 3');
    expect(summary({ label: '' }, 'special offer', 0)).toBe('Special offer 1');
    expect(summary(null, 'item', 4)).toBe('Item 5');
    expect(summary(undefined, 'web address', 0)).toBe('Web address 1');
    expect(summary(['a', 'b'], 'item', 1)).toBe('Item 2');
  });

  it('never shows [object Object], raw JSON or a long paragraph', () => {
    const odd = { label: { en: 'Hi' }, title: ['x'], name: 7, image: { src: '/a.png', alt: '' } };
    const line = summary(odd, 'item', 0);
    expect(line).toBe('Item 1');
    expect(line).not.toMatch(/object|[{}[\]]/);
    const long = summary({ text: 'word '.repeat(60) });
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith('…')).toBe(true);
    expect(summary({ label: 'Two\n  lines' })).toBe('Two lines');
  });

  it('a plain value is itself; a number stays a number; a tick is Yes or No', () => {
    expect(summary('www.example.com.au', 'web address')).toBe('www.example.com.au');
    expect(summary(42, 'dealership')).toBe('42');
    expect(summary(true)).toBe('Yes');
    expect(summary('  ', 'make', 1)).toBe('Make 2');
  });
});

describe('itemName: what buttons and messages call the item', () => {
  it('is its own name, without the link or dates', () => {
    expect(itemName({ label: 'Special offers', href: '/special-offers' }, 'menu item', 0)).toBe('Special offers');
    expect(itemName({ title: 'Summer', start: '2026-12-01' }, 'special offer', 0)).toBe('Summer');
    expect(itemName({ type: 'email', to: ['a@b.co'] }, 'item', 0)).toBe('E-mail to a@b.co');
    expect(itemName({}, 'menu item', 2)).toBe('Menu item 3');
  });
});
