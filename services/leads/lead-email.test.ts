// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../domain/format';
import { leadToAdf } from './adf';
import { fieldLabel, leadEmail } from './lead-email';
import type { Lead } from './types';
import { sampleLead } from './sample-lead';

function lead(overrides: Partial<Lead> = {}): Lead {
  const base = sampleLead();
  return sampleLead({
    subcategory: 'Price',
    fields: {
      name: 'Jane',
      last_name: 'Citizen',
      email: 'jane@example.com',
      phone: '0412 345 678',
      postcode: '2000',
      message: 'Is it still available?\nCan I see it Saturday?',
      opt_in: true,
      preferred_contact_time: 'Morning',
      regoState: 'NSW',
    },
    additionalServices: ['Finance', 'Extended warranty'],
    dealership: { id: 3, slug: 'harbour-toyota', name: 'Harbour Toyota', phone: '02 9000 0000' },
    url: `${base.car?.url ?? ''}?ref=home`,
    userAgent: 'Mozilla/5.0',
    visitedPages: ['https://harbour.example/', 'https://harbour.example/cars'],
    linkedQueryParams: { utm_source: 'google', utm_campaign: 'spring-sale' },
    ...overrides,
  });
}

function htmlDoc(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

/** Label → cell text, as a reader of the HTML table sees it. */
function htmlRows(html: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const tr of htmlDoc(html).querySelectorAll('tr')) {
    const label = tr.querySelector('th[scope="row"]')?.textContent;
    const value = tr.querySelector('td')?.textContent;
    if (label != null && value != null) rows.set(label, value);
  }
  return rows;
}

describe('leadEmail subject', () => {
  it('names the category, shopper, car and stock number', () => {
    expect(leadEmail(lead()).subject).toBe('New Used Car Enquiry from Jane Citizen — 2021 Toyota Corolla (U1234)');
  });

  it('leaves out the car part without a car and the stock number without one', () => {
    expect(leadEmail(lead({ car: undefined, category: 'General Enquiry' })).subject).toBe(
      'New General Enquiry from Jane Citizen',
    );
    expect(leadEmail(lead({ car: { id: 1, slug: 'x', make: 'Kia', model: 'EV6', year: 2025 } })).subject).toBe(
      'New Used Car Enquiry from Jane Citizen — 2025 Kia EV6',
    );
  });

  it('falls back to e-mail, then phone, then a generic name', () => {
    expect(leadEmail(lead({ car: undefined, fields: { email: 'jo@example.com', phone: '0400' } })).subject).toBe(
      'New Used Car Enquiry from jo@example.com',
    );
    expect(leadEmail(lead({ car: undefined, fields: { phone: '0400 111 222' } })).subject).toBe(
      'New Used Car Enquiry from 0400 111 222',
    );
    expect(leadEmail(lead({ car: undefined, fields: {} })).subject).toBe('New Used Car Enquiry from a website visitor');
  });

  it('stays on one line whatever the shopper typed', () => {
    const { subject } = leadEmail(
      lead({ car: undefined, fields: { name: 'Eve\r\nBcc: victim@example.com', last_name: 'X\u0000' } }),
    );
    expect(subject).toBe('New Used Car Enquiry from Eve Bcc: victim@example.com X');
    expect(subject).not.toMatch(/[\r\n\u0000]/);
  });
});

describe('leadEmail text', () => {
  const { text } = leadEmail(lead());

  it("shows a booked test-drive time on the location's clock (issue 20, catalogue §7)", () => {
    const booked = leadEmail(lead({ fields: { name: 'Jane', preferred_time: '2026-12-01T09:30:00+10:30' } }));
    expect(booked.text).toContain('Preferred time: Tuesday 1 December 2026, 9:30 am');
    expect(booked.text).not.toContain('2026-12-01T09:30');
  });

  // Issue 20 loose end: the test drive's preferred location was shown as 'Location id: 17'.
  it('names a location field by the location, keeping an id the site does not have as it was sent', () => {
    const locations = [
      { id: 17, name: 'Southern Cross Hobart' },
      { id: 4, name: 'Launceston Service Centre' },
    ];
    const booked = leadEmail(
      lead({ fields: { name: 'Jane', location_id: '17', service_location_id: '4' }, locationId: 17, locations }),
    );
    expect(booked.text).toContain('Location: Southern Cross Hobart\n');
    expect(booked.text).toContain('Service location: Launceston Service Centre\n');
    expect(booked.text).not.toContain('Location id');
    expect(booked.html).toContain('Southern Cross Hobart');
    const gone = leadEmail(lead({ fields: { name: 'Jane', location_id: '99' }, locationId: 99, locations }));
    expect(gone.text).toContain('Location: 99\n');
  });

  it('lists the known fields with their human labels in a fixed order', () => {
    const customer = text.slice(text.indexOf('CUSTOMER'), text.indexOf('VEHICLE'));
    expect(customer).toBe(
      [
        'CUSTOMER',
        'First name: Jane',
        'Last name: Citizen',
        'Phone: 0412 345 678',
        'Email: jane@example.com',
        'Postcode: 2000',
        'Message:',
        '  Is it still available?',
        '  Can I see it Saturday?',
        'Marketing opt-in: yes',
        'Preferred contact time: Morning',
        'Rego state: NSW',
        '',
        '',
      ].join('\n'),
    );
  });

  it('gives the enquiry, received time in Sydney and additional services', () => {
    expect(text.startsWith('New Used Car Enquiry from Jane Citizen — 2021 Toyota Corolla (U1234)\n\nENQUIRY\n')).toBe(
      true,
    );
    expect(text).toContain('Category: Used Car Enquiry\n');
    expect(text).toContain('Subcategory: Price\n');
    expect(text).toContain('Received: Sunday 22 November 2026 at 11:00 am AEDT\n');
    expect(text).toContain('Additional services: Finance, Extended warranty\n');
  });

  it('describes the car with price and its page', () => {
    expect(text).toContain('Vehicle: 2021 Toyota Corolla Ascent Sport\n');
    expect(text).toContain('Stock number: U1234\n');
    expect(text).toContain('VIN: JTNKU3JE60J012345\n');
    expect(text).toContain('Condition: Used\n');
    expect(text).toContain('Price: $29,990\n');
    expect(text).toContain('Vehicle page: https://harbour.example/cars/2021-toyota-corolla-ascent-sport\n');
  });

  it('says where the lead came from, with visited pages and campaign parameters', () => {
    expect(text).toContain('Sent from page: https://harbour.example/cars/2021-toyota-corolla-ascent-sport?ref=home\n');
    expect(text).toContain('Visited pages:\n  https://harbour.example/\n  https://harbour.example/cars\n');
    expect(text).toContain('CAMPAIGN\nutm_source: google\nutm_campaign: spring-sale\n');
    expect(text).toContain('Lead ID: 4211\n');
    expect(text).toContain('Name: Harbour Toyota\nPhone: 02 9000 0000\n');
  });

  it('writes opt-out and blank fields so the team sees what was asked', () => {
    const { text: optOut } = leadEmail(lead({ fields: { name: 'Al', opt_in: 'false', postcode: '' } }));
    expect(optOut).toContain('Marketing opt-in: no\n');
    expect(optOut).toContain('Postcode: —\n');
  });

  it('uses the site time zone when given', () => {
    expect(leadEmail(lead(), { timeZone: 'Australia/Perth' }).text).toContain(
      'Received: Sunday 22 November 2026 at 8:00 am AWST\n',
    );
  });
});

describe('leadEmail html', () => {
  it('has the same rows as the text in a table', () => {
    const rows = htmlRows(leadEmail(lead()).html);
    expect(rows.get('First name')).toBe('Jane');
    expect(rows.get('Marketing opt-in')).toBe('yes');
    expect(rows.get('Preferred contact time')).toBe('Morning');
    expect(rows.get('Price')).toBe('$29,990');
    expect(rows.get('Received')).toBe('Sunday 22 November 2026 at 11:00 am AEDT');
    expect(rows.get('utm_campaign')).toBe('spring-sale');
  });

  it('links the vehicle page and the pages visited', () => {
    const doc = htmlDoc(leadEmail(lead()).html);
    const hrefs = [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://harbour.example/cars/2021-toyota-corolla-ascent-sport',
      'https://harbour.example/cars/2021-toyota-corolla-ascent-sport?ref=home',
      'https://harbour.example/',
      'https://harbour.example/cars',
    ]);
  });

  it('escapes a script in the message and everything else the shopper controls', () => {
    const hostile = `<script>alert("x")</script> & <img src=x onerror='y'>`;
    const { html } = leadEmail(lead({ fields: { name: hostile, message: hostile, [`<b>field</b>`]: 'v' } }));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    // React's escaping: the apostrophe is written &#x27; (the string builder before it wrote &#39;).
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=&#x27;y&#x27;&gt;',
    );
    const doc = htmlDoc(html);
    expect(doc.querySelectorAll('script, img, b')).toHaveLength(0);
    expect(htmlRows(html).get('Message')).toBe(hostile);
    expect(doc.querySelector('title')?.textContent).toBe(
      `New Used Car Enquiry from ${hostile} — 2021 Toyota Corolla (U1234)`,
    );
  });

  it('keeps a javascript: URL as text instead of a link', () => {
    const { html } = leadEmail(
      lead({ url: 'javascript:alert(1)', visitedPages: ['data:text/html,<b>x</b>'], car: undefined }),
    );
    const doc = htmlDoc(html);
    expect(doc.querySelectorAll('a')).toHaveLength(0);
    expect(htmlRows(html).get('Sent from page')).toBe('javascript:alert(1)');
  });

  it('keeps message line breaks', () => {
    const { html } = leadEmail(lead());
    // React writes void elements as <br/>.
    expect(html).toContain('Is it still available?<br/>Can I see it Saturday?');
    const message = [...htmlDoc(html).querySelectorAll('tr')].find(
      (tr) => tr.querySelector('th')?.textContent === 'Message',
    );
    expect(message?.querySelectorAll('td br')).toHaveLength(1);
  });

  it('escapes hostile headings, labels, campaign names and link text, and keeps quotes out of attributes', () => {
    const hostile = `"><script>alert('&')</script>`;
    const { html } = leadEmail(
      lead({
        category: `Car & <i>Co</i>`,
        fields: { [`x" onmouseover="y`]: hostile },
        linkedQueryParams: { [`utm_<b>`]: `a&b "c" 'd'` },
        url: `https://harbour.example/cars?q="><script>x</script>&a='1'`,
        visitedPages: [`https://harbour.example/?next=${hostile}`],
      }),
    );
    const doc = htmlDoc(html);
    expect(doc.querySelectorAll('script, i, b')).toHaveLength(0);
    expect(html).not.toContain('<script');
    expect(html).toContain('Car &amp; &lt;i&gt;Co&lt;/i&gt;');
    // Every attribute the document has is one the template wrote, whatever the values held.
    const attributes = new Set([...doc.querySelectorAll('*')].flatMap((el) => el.getAttributeNames()));
    expect([...attributes].sort()).toEqual([
      'cellpadding',
      'cellspacing',
      'charset',
      'colspan',
      'href',
      'lang',
      'scope',
      'style',
    ]);
    const rows = htmlRows(html);
    expect(rows.get(fieldLabel(`x" onmouseover="y`))).toBe(hostile);
    expect(rows.get('utm_<b>')).toBe(`a&b "c" 'd'`);
    expect(rows.get('Sent from page')).toBe(`https://harbour.example/cars?q="><script>x</script>&a='1'`);
    // The link goes where the URL parser says, its quotes and brackets percent-encoded.
    const links = [...doc.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent]);
    expect(links).toContainEqual([
      `https://harbour.example/cars?q=%22%3E%3Cscript%3Ex%3C/script%3E&a=%271%27`,
      `https://harbour.example/cars?q="><script>x</script>&a='1'`,
    ]);
    expect(links).toContainEqual([
      new URL(`https://harbour.example/?next=${hostile}`).href,
      `https://harbour.example/?next=${hostile}`,
    ]);
  });

  it('starts with a doctype and carries the subject as title and heading', () => {
    const { html, subject } = leadEmail(lead());
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en-AU">')).toBe(true);
    const doc = htmlDoc(html);
    expect(doc.title).toBe(subject);
    expect(doc.querySelector('h1')?.textContent).toBe(subject);
  });
});

describe('leadEmail money', () => {
  // The site's currency comes with the lead from its site (LeadSite.currency, tenant.locale.currency).
  // Written as the site writes it (domain/format), so the e-mail and the vehicle page agree: '$29,990'.
  it('shows an NZD site’s prices as the site does, in the text and the HTML, never as Australian dollars', () => {
    const nzd = lead({ currency: 'NZD' });
    const { text, html } = leadEmail(nzd);
    expect(formatMoney(29990, 'NZD')).toBe('$29,990');
    expect(text).toContain(`Price: ${formatMoney(29990, 'NZD')}\n`);
    expect(htmlRows(html).get('Price')).toBe('$29,990');
    expect(text).not.toMatch(/AUD|A\$/);
    // The figure is in New Zealand dollars: the CRM copy of the same lead names the currency.
    expect(leadToAdf(nzd)).toContain('<price type="asking" currency="NZD">29990</price>');
  });

  it('shows Australian dollars as $, also when the lead names no currency', () => {
    expect(leadEmail(lead({ currency: 'AUD' })).text).toContain('Price: $29,990\n');
    expect(leadEmail(lead()).text).toContain('Price: $29,990\n');
  });
});

describe('leadEmail replyTo', () => {
  it('is the shopper e-mail when it looks like one', () => {
    expect(leadEmail(lead()).replyTo).toBe('jane@example.com');
    expect(leadEmail(lead({ fields: { email: '  jo.smith+cars@mail.example.com.au ' } })).replyTo).toBe(
      'jo.smith+cars@mail.example.com.au',
    );
  });

  it.each(['', 'not an email', 'jo@localhost', 'a@b.com, c@d.com', 'x@y.com\r\nBcc: z@w.com', '"Jo" <jo@example.com>'])(
    'is absent for %j',
    (email) => {
      expect(leadEmail(lead({ fields: { email } })).replyTo).toBeUndefined();
    },
  );

  it('is absent without an email field', () => {
    expect('replyTo' in leadEmail(lead({ fields: { name: 'Al' } }))).toBe(false);
  });
});

describe('fieldLabel', () => {
  it.each([
    ['name', 'First name'],
    ['last_name', 'Last name'],
    ['opt_in', 'Marketing opt-in'],
    ['preferred_contact_time', 'Preferred contact time'],
    ['regoState', 'Rego state'],
    ['trade-in-kms', 'Trade in kms'],
    ['Vehicle Make', 'Vehicle make'],
  ])('%s → %s', (name, label) => {
    expect(fieldLabel(name)).toBe(label);
  });
});
