// @vitest-environment jsdom
// jsdom's own DOMParser is the strict XML parser here; the package ships no types, the environment's globals do.
import { describe, expect, it } from 'vitest';
import { adfInterest, leadToAdf } from './adf';
import { sampleLead } from './sample-lead';

const lead = sampleLead;

function parse(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

function text(doc: Document, selector: string): string | null | undefined {
  return doc.querySelector(selector)?.textContent;
}

describe('leadToAdf', () => {
  it('uses a parser that reports malformed XML (so the checks below mean something)', () => {
    for (const bad of ['<a><b></a>', '<a>&</a>', '<a>\u0001</a>', '<a x="<"/>']) {
      expect(
        new DOMParser().parseFromString(bad, 'application/xml').getElementsByTagName('parsererror').length,
      ).toBeGreaterThan(0);
    }
  });

  it('starts with the XML declaration and the ADF processing instruction, in that order', () => {
    const xml = leadToAdf(lead());
    expect(xml.startsWith('<?xml version="1.0"?>\n<?adf version="1.0"?>\n<adf>')).toBe(true);
    const doc = parse(xml);
    const first = doc.firstChild as ProcessingInstruction;
    expect(first.nodeType).toBe(7);
    expect(first.target).toBe('adf');
    expect(first.data).toBe('version="1.0"');
    expect(first.nextSibling).toBe(doc.documentElement);
    expect(doc.documentElement.tagName).toBe('adf');
  });

  it('writes the prospect id, request date in Sydney time with offset, and the car', () => {
    const doc = parse(leadToAdf(lead()));
    expect(doc.querySelector('adf > prospect')?.getAttribute('status')).toBe('new');
    const id = doc.querySelector('prospect > id');
    expect(id?.textContent).toBe('4211');
    expect(id?.getAttribute('sequence')).toBe('1');
    expect(id?.getAttribute('source')).toBe('Harbour Motors');
    expect(text(doc, 'prospect > requestdate')).toBe('2026-11-22T11:00:00+11:00');

    const vehicle = doc.querySelector('prospect > vehicle');
    expect(vehicle?.getAttribute('interest')).toBe('buy');
    expect(vehicle?.getAttribute('status')).toBe('used');
    expect(text(doc, 'vehicle > year')).toBe('2021');
    expect(text(doc, 'vehicle > make')).toBe('Toyota');
    expect(text(doc, 'vehicle > model')).toBe('Corolla');
    expect(text(doc, 'vehicle > trim')).toBe('Ascent Sport');
    expect(text(doc, 'vehicle > vin')).toBe('JTNKU3JE60J012345');
    expect(text(doc, 'vehicle > stock')).toBe('U1234');
    const price = doc.querySelector('vehicle > price');
    expect(price?.textContent).toBe('29990');
    expect(price?.getAttribute('type')).toBe('asking');
    expect(price?.getAttribute('currency')).toBe('AUD');
    expect(text(doc, 'vehicle > comments')).toContain('https://harbour.example/cars/2021-toyota-corolla-ascent-sport');
  });

  it('keeps the ADF 1.0 element order that DTD-validating CRMs insist on', () => {
    const doc = parse(leadToAdf(lead()));
    const names = (selector: string) => [...(doc.querySelector(selector)?.children ?? [])].map((el) => el.tagName);
    expect(names('prospect')).toEqual(['id', 'requestdate', 'vehicle', 'customer', 'vendor', 'provider']);
    expect(names('vehicle')).toEqual(['id', 'year', 'make', 'model', 'vin', 'stock', 'trim', 'price', 'comments']);
  });

  it('writes the shopper contact and message', () => {
    const doc = parse(leadToAdf(lead()));
    expect(text(doc, 'customer > contact > name[part="first"]')).toBe('Jane');
    expect(text(doc, 'customer > contact > name[part="last"]')).toBe('Citizen');
    expect(doc.querySelector('customer > contact > name[part="full"]')).toBeNull();
    expect(text(doc, 'customer > contact > email')).toBe('jane@example.com');
    expect(doc.querySelector('customer > contact > phone')?.getAttribute('type')).toBe('voice');
    expect(text(doc, 'customer > contact > phone')).toBe('0412 345 678');
    expect(text(doc, 'customer > contact > address > postalcode')).toBe('2000');
    const comments = text(doc, 'customer > comments') ?? '';
    expect(comments.startsWith('Is it still available?\n')).toBe(true);
    expect(comments).toContain('Enquiry: Used Car Enquiry');
    expect(comments).toContain('Additional services: Finance');
  });

  it('adds a full name when the shopper gave only one name', () => {
    const doc = parse(leadToAdf(lead({ fields: { name: 'Cher', phone: '0400 000 000' } })));
    expect(text(doc, 'contact > name[part="first"]')).toBe('Cher');
    expect(text(doc, 'contact > name[part="full"]')).toBe('Cher');
    expect(doc.querySelector('contact > name[part="last"]')).toBeNull();
  });

  it('still emits a contact with a name when phone and e-mail are both missing', () => {
    const doc = parse(leadToAdf(lead({ fields: { name: 'Sam', last_name: 'Lee' } })));
    expect(text(doc, 'customer > contact > name[part="first"]')).toBe('Sam');
    expect(doc.querySelector('customer > contact > email')).toBeNull();
    expect(doc.querySelector('customer > contact > phone')).toBeNull();
  });

  it('does not throw when no name was given either', () => {
    const doc = parse(leadToAdf(lead({ fields: {} })));
    expect(doc.querySelector('customer > contact > name[part="full"]')?.textContent).toBe('');
  });

  it('names the dealership as vendor and the site as provider', () => {
    const doc = parse(leadToAdf(lead()));
    expect(text(doc, 'vendor > vendorname')).toBe('Harbour Toyota');
    expect(text(doc, 'vendor > contact > name[part="full"]')).toBe('Harbour Toyota');
    expect(text(doc, 'vendor > contact > phone')).toBe('02 9000 0000');
    expect(text(doc, 'vendor > contact > email')).toBe('sales@harbour.example');
    expect(text(doc, 'provider > name[part="full"]')).toBe('Harbour Motors');
    expect(text(doc, 'provider > service')).toBe('Website');
  });

  it('falls back to the site name as vendor without a dealership', () => {
    const doc = parse(leadToAdf(lead({ dealership: undefined })));
    expect(text(doc, 'vendor > vendorname')).toBe('Harbour Motors');
    expect(text(doc, 'vendor > contact > name[part="full"]')).toBe('Harbour Motors');
    expect(doc.querySelector('vendor > contact > phone')).toBeNull();
  });

  it('maps car_type to ADF status: new stays new, demo becomes used', () => {
    const status = (car_type: string) =>
      parse(leadToAdf(lead({ car: { id: 1, slug: 'x', make: 'Kia', model: 'EV6', car_type } })))
        .querySelector('vehicle')
        ?.getAttribute('status');
    expect(status('new')).toBe('new');
    expect(status('used')).toBe('used');
    expect(status('demo')).toBe('used');
  });

  it.each([
    [{ eventId: 17, form: 'new-car-enquiry' }, 'test-drive'],
    [{ eventId: 48, form: 'used-car-enquiry' }, 'test-drive'],
    [{ eventId: 14, form: 'book-a-test-drive' }, 'test-drive'],
    [{ eventId: 22, form: 'trade-in-valuation' }, 'trade-in'],
    [{ eventId: 15, form: 'used-car-enquiry' }, 'buy'],
    [{ eventId: 22, form: 'general-enquiry' }, 'buy'],
  ] as const)('interest for %o is %s', (where, interest) => {
    expect(adfInterest(where)).toBe(interest);
    const doc = parse(leadToAdf(lead(where)));
    expect(doc.querySelector('vehicle')?.getAttribute('interest')).toBe(interest);
  });

  it('omits the vehicle for a general enquiry without a car', () => {
    const doc = parse(leadToAdf(lead({ car: undefined, form: 'general-enquiry', eventId: 22 })));
    expect(doc.querySelector('vehicle')).toBeNull();
  });

  it('builds a trade-in vehicle from what the shopper typed when there is no car', () => {
    const fields = {
      name: 'Jo',
      phone: '0400 111 222',
      rego: 'ABC123',
      regoState: 'NSW',
      'Vehicle Make': 'Mazda',
      'Vehicle Model': 'CX-5',
      offer_price: '18500',
    };
    const doc = parse(leadToAdf(lead({ car: undefined, form: 'trade-in-lead', eventId: 22, fields })));
    const vehicle = doc.querySelector('vehicle');
    expect(vehicle?.getAttribute('interest')).toBe('trade-in');
    expect(vehicle?.getAttribute('status')).toBe('used');
    expect(text(doc, 'vehicle > make')).toBe('Mazda');
    expect(text(doc, 'vehicle > model')).toBe('CX-5');
    expect(text(doc, 'vehicle > price[type="appraisal"]')).toBe('18500');
    expect(text(doc, 'vehicle > comments')).toBe('Rego: ABC123 (NSW)');
  });

  it('omits the trade-in vehicle when the shopper gave nothing about their car', () => {
    const doc = parse(leadToAdf(lead({ car: undefined, form: 'trade-in-lead', fields: { name: 'Jo' } })));
    expect(doc.querySelector('vehicle')).toBeNull();
  });

  it('stays well-formed and keeps the text for hostile input', () => {
    const hostile = `</name><script>alert("x")</script> & 'quoted' \u0000\u0007\u001b\uFFFE done`;
    const xml = leadToAdf(
      lead({
        siteName: `Tom's "Cars" & <Co>`,
        fields: { name: hostile, last_name: ']]>', email: 'a&b@example.com', message: `line 1\nline 2 </comments>` },
        car: { id: 1, slug: 's', make: 'A&B', model: '<Model>', badge: '"GT"', car_type: 'new' },
      }),
    );
    expect(xml).not.toMatch(/[\u0000\u0007\u001b\uFFFE]/);
    expect(xml).not.toContain('<script>');
    const doc = parse(xml);
    expect(text(doc, 'contact > name[part="first"]')).toBe(`</name><script>alert("x")</script> & 'quoted'  done`);
    expect(text(doc, 'contact > name[part="last"]')).toBe(']]>');
    expect(text(doc, 'contact > email')).toBe('a&b@example.com');
    expect(text(doc, 'customer > comments')?.startsWith('line 1\nline 2 </comments>\n')).toBe(true);
    expect(doc.querySelector('prospect > id')?.getAttribute('source')).toBe(`Tom's "Cars" & <Co>`);
    expect(text(doc, 'provider > name')).toBe(`Tom's "Cars" & <Co>`);
    expect(text(doc, 'vehicle > make')).toBe('A&B');
    expect(text(doc, 'vehicle > model')).toBe('<Model>');
    expect(text(doc, 'vehicle > trim')).toBe('"GT"');
    expect(doc.querySelectorAll('script')).toHaveLength(0);
  });

  it('keeps newlines and tabs in attribute values', () => {
    const doc = parse(leadToAdf(lead({ siteName: 'Two\nLines\tTabbed' })));
    expect(doc.querySelector('prospect > id')?.getAttribute('source')).toBe('Two\nLines\tTabbed');
  });

  it('writes list and boolean fields as text in the comments', () => {
    const doc = parse(
      leadToAdf(lead({ fields: { name: 'Al', interests: ['Servicing', 'Tyres'], newsletter: false } })),
    );
    const comments = text(doc, 'customer > comments') ?? '';
    expect(comments).toContain('interests: Servicing, Tyres');
    expect(comments).toContain('newsletter: no');
  });

  // Issue 20 loose end: the test drive's preferred location was only 'location_id: 17'.
  it("names a location field's location for the salesperson and keeps its id beside it", () => {
    const doc = parse(
      leadToAdf(
        lead({
          fields: { name: 'Al', location_id: '17', service_location_id: '99' },
          locationId: 17,
          locations: [{ id: 17, name: 'Southern Cross Hobart' }],
        }),
      ),
    );
    const comments = text(doc, 'customer > comments') ?? '';
    expect(comments).toContain('Location: Southern Cross Hobart (location_id 17)');
    // An id the site does not have is written as it was sent.
    expect(comments).toContain('service_location_id: 99');
  });

  it('passes an unparseable createdAt through rather than failing', () => {
    const doc = parse(leadToAdf(lead({ createdAt: 'yesterday' })));
    expect(text(doc, 'requestdate')).toBe('yesterday');
  });

  it('writes the request date in another zone when asked', () => {
    const doc = parse(leadToAdf(lead({ createdAt: '2026-06-01T02:30:15Z' }), { timeZone: 'Australia/Perth' }));
    expect(text(doc, 'requestdate')).toBe('2026-06-01T10:30:15+08:00');
  });
});
