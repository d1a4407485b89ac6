import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import studioBundle from '../../schemas/studio.schema.json';
import { describeEdits, fieldName, STORY_VALUE_MAX_CHARS, type StoryEntry } from './change-story';

type Doc = Record<string, unknown>;
type Block = { type: string; id?: string; when?: string; props: Doc };
type Link = { label: string; href?: string; kind?: string; children?: Link[]; highlight?: boolean };
type Field = { name: string; type: string; label?: string; required?: boolean; placeholder?: string };
type Form = { title: string; fields: Field[] };
type Offer = { id: string; title: string; start?: string; expiry?: string; text?: string };

const readJson = (path: string): Doc => JSON.parse(readFileSync(path, 'utf8')) as Doc;

/** A block type's title as the editor shows it (schemas/studio.schema.json). */
function blockTitle(type: string): string {
  const branch = studioBundle.definitions.blocks.oneOf.find((b) => b.properties.type.const === type);
  if (!branch?.title) throw new Error(`no block ${type}`);
  return branch.title;
}

// Dates are told without their year when it cannot be mistaken: decided against this day.
const TODAY = new Date('2026-10-01T00:00:00Z');

const link = (label: string, href: string): Link => ({ label, href });
const text = (html: string): Block => ({ type: 'RichText', props: { html } });

/** A small site in the shape of the demo tenants (tenants/*.json, pages-json/*). */
function site() {
  return {
    $schema: '../schemas/tenant.schema.json',
    schemaVersion: 4,
    slug: 'harbour-city-mazda',
    name: 'Harbour City Mazda',
    domains: ['www.harbourcitymazda.com.au'],
    template: 'franchise',
    theme: { colors: { primary: '#b71c1c', onPrimary: '#ffffff' }, font: 'inter', radius: 'none' },
    contact: { phone: '(02) 9555 0100', address: { street: '120 Parramatta Road', city: 'Camperdown' } },
    features: { offers: true, compare: true, accounts: false } as Record<string, boolean>,
    menus: {
      header: [
        link('Home', '/'),
        link('Cars', '/cars'),
        link('Service', '/service'),
        link('Finance', '/finance'),
        link('Blog', '/blog'),
      ],
      footer: [
        { heading: 'Stock', links: [link('New cars', '/search/new-cars'), link('Used cars', '/search/used-cars')] },
      ],
    },
    pages: {
      '/': {
        title: 'Harbour City Mazda',
        blocks: [
          { type: 'Hero', id: 'hero', props: { heading: 'Welcome', text: 'New Mazdas in Sydney.', size: 'large' } },
          { type: 'FeaturedStock', id: 'new-stock', props: { heading: 'New arrivals', limit: 6 } },
          text('<p>About <b>us</b>.</p>'),
          { type: 'PromotionBanner', props: { heading: 'Current offers' } },
          { type: 'BlogCards', props: {} },
        ] as Block[],
      },
      '/blog': { title: 'Blog', blocks: [{ type: 'BlogCards', props: {} }] as Block[] },
    } as Record<string, { title: string; blocks: Block[] } | null>,
    forms: {
      'general-enquiry': {
        title: 'Send us an enquiry',
        fields: [
          { name: 'name', type: 'text', label: 'First name', required: true },
          { name: 'email', type: 'email', label: 'Email', required: true },
          { name: 'phone', type: 'tel', label: 'Phone' },
          { name: 'message', type: 'textarea', label: 'How can we help?' },
        ],
      },
    } as Record<string, Form>,
    offers: [
      { id: 'free-servicing', title: '3 years free servicing', start: '2026-09-01', expiry: '2026-11-30' },
    ] as Offer[],
    finance: { interestRate: 7.49, termYears: 5 },
  };
}
type Site = ReturnType<typeof site>;

function edited(change: (doc: Site) => void): { before: Site; after: Site } {
  const before = site();
  const after = site();
  change(after);
  return { before, after };
}

const story = (before: unknown, after: unknown) => describeEdits(before, after, { today: TODAY });
const texts = (entries: readonly StoryEntry[]) => entries.map((e) => e.text);
const storyOf = (change: (doc: Site) => void): StoryEntry[] => {
  const { before, after } = edited(change);
  return story(before, after);
};
const home = (doc: Site) => {
  const page = doc.pages['/'];
  if (!page) throw new Error('no home page');
  return page.blocks;
};
const header = (doc: Site) => doc.menus.header;
const fields = (doc: Site) => {
  const form = doc.forms['general-enquiry'];
  if (!form) throw new Error('no form');
  return form.fields;
};
const field = (doc: Site, name: string) => {
  const found = fields(doc).find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

/** Nothing a site editor would not write: no JSON, no pointer, no spec reference, no block type name. */
function expectWords(entries: readonly StoryEntry[]) {
  const typeNames = studioBundle.definitions.blocks.oneOf
    .map((b) => b.properties.type.const)
    // Names such as RichText or FeaturedStock (a one-word type such as Hero is also an English word).
    .filter((type) => /^[A-Z][a-z0-9]+[A-Z]/.test(type));
  for (const entry of entries) {
    for (const forbidden of ['{', '[', '/pages/', '#/', '§', '~1', 'undefined', 'null', '[object'])
      expect(entry.text, entry.text).not.toContain(forbidden);
    for (const type of typeNames) expect(entry.text, entry.text).not.toMatch(new RegExp(`\\b${type}\\b`));
    expect(entry.area, entry.text).not.toBe('');
    expect(entry.details.length, entry.text).toBeGreaterThan(0);
  }
}

describe('describeEdits: one entry per action, in a site editor’s words (issue 32)', () => {
  it('answers nothing for the same document', () => {
    expect(story(site(), site())).toEqual([]);
  });

  it('tells a choice by its label, as the Studio’s list shows it, never its code', () => {
    const entries = storyOf((doc) => {
      doc.theme.radius = 'large';
      doc.theme.font = 'source-serif';
    });
    expect(texts(entries)).toEqual([
      'Theme: body font changed from Inter: clean and modern to Source Serif: classic, with serifs',
      'Theme: corner rounding changed from Square corners to Well rounded',
    ]);
  });

  it('tells a colour change with the field’s label and both colours', () => {
    const entries = storyOf((doc) => {
      doc.theme.colors.primary = '#0b6e4f';
    });
    expect(entries).toEqual([
      {
        text: 'Theme: primary colour #b71c1c → #0b6e4f',
        area: 'Theme',
        details: [{ pointer: '/theme/colors/primary', kind: 'changed', before: '#b71c1c', after: '#0b6e4f' }],
      },
    ]);
  });

  describe('menus', () => {
    it('added, with where it leads', () => {
      const entries = storyOf((doc) => header(doc).splice(3, 0, link('Special offers', '/special-offers')));
      expect(entries).toEqual([
        {
          text: "Header menu: added 'Special offers' (→ /special-offers)",
          area: 'Header menu',
          details: [{ pointer: '/menus/header/3', kind: 'added', after: link('Special offers', '/special-offers') }],
        },
      ]);
    });

    it('removed', () => {
      const entries = storyOf((doc) => header(doc).splice(4, 1));
      expect(texts(entries)).toEqual(["Header menu: removed 'Blog'"]);
      expect(entries[0]?.details).toEqual([
        { pointer: '/menus/header/4', kind: 'removed', before: link('Blog', '/blog') },
      ]);
    });

    it('renamed', () => {
      const entries = storyOf((doc) => {
        const cars = header(doc)[1];
        if (cars) cars.label = 'Our cars';
      });
      expect(texts(entries)).toEqual(["Header menu: renamed 'Cars' to 'Our cars'"]);
      expect(entries[0]?.details).toEqual([
        { pointer: '/menus/header/1/label', kind: 'changed', before: 'Cars', after: 'Our cars' },
      ]);
    });

    it('moved: one entry, naming the item it now comes before', () => {
      const entries = storyOf((doc) => {
        const menu = header(doc);
        const [finance] = menu.splice(3, 1);
        if (finance) menu.splice(2, 0, finance);
      });
      expect(texts(entries)).toEqual(["Header menu: moved 'Finance' above 'Service'"]);
      expect(entries[0]?.details).toEqual([
        { pointer: '/menus/header/3', kind: 'removed', before: link('Finance', '/finance') },
        { pointer: '/menus/header/2', kind: 'added', after: link('Finance', '/finance') },
      ]);
    });

    it('moved to the end, and moved while its link changed', () => {
      const entries = storyOf((doc) => {
        const menu = header(doc);
        const [home] = menu.splice(0, 1);
        if (home) menu.push({ ...home, href: '/home' });
      });
      expect(texts(entries)).toEqual([
        "Header menu: moved 'Home' below 'Blog'",
        "Header menu, 'Home': link changed from / to /home",
      ]);
    });

    it('a link of a footer column and of a drop-down', () => {
      const entries = storyOf((doc) => {
        doc.menus.footer[0]?.links.push(link('Demo cars', '/search/demo-cars'));
        const service = header(doc)[2];
        if (service) service.children = [link('Book a service', '/service/book')];
      });
      expect(texts(entries)).toEqual([
        "Header menu, 'Service', drop-down links: added 'Book a service' (→ /service/book)",
        "Footer columns, 'Stock', links: added 'Demo cars' (→ /search/demo-cars)",
      ]);
      expectWords(entries);
    });
  });

  describe('pages and blocks', () => {
    it('moving a block is exactly one entry, where a pointer diff has dozens', () => {
      const entries = storyOf((doc) => {
        const blocks = home(doc);
        const [moved] = blocks.splice(2, 1);
        if (moved) blocks.splice(1, 0, moved);
      });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        text: `Home page: moved '${blockTitle('RichText')}' above '${blockTitle('FeaturedStock')}'`,
        area: 'Home page',
      });
      expect(entries[0]?.details.map((d) => [d.pointer, d.kind])).toEqual([
        ['/pages/~1/blocks/2', 'removed'],
        ['/pages/~1/blocks/1', 'added'],
      ]);
    });

    it('adding a block at the top of a 5-block page is one entry', () => {
      const entries = storyOf((doc) => home(doc).unshift(text('<p>Spring sale on now</p>')));
      expect(home(site())).toHaveLength(5);
      expect(entries).toEqual([
        {
          text: `Home page: added a '${blockTitle('RichText')}: Spring sale on now' block at the top`,
          area: 'Home page',
          details: [{ pointer: '/pages/~1/blocks/0', kind: 'added', after: text('<p>Spring sale on now</p>') }],
        },
      ]);
    });

    it('adding a block between two others names the one below it', () => {
      const entries = storyOf((doc) => home(doc).splice(2, 0, { type: 'ComingSoon', props: { heading: 'Soon' } }));
      expect(texts(entries)).toEqual([
        `Home page: added a '${blockTitle('ComingSoon')}' block above '${blockTitle('RichText')}'`,
      ]);
    });

    it('removing a block', () => {
      const entries = storyOf((doc) => home(doc).splice(0, 1));
      expect(texts(entries)).toEqual([`Home page: removed the '${blockTitle('Hero')}' block`]);
      expect(entries[0]?.details).toEqual([
        { pointer: '/pages/~1/blocks/0', kind: 'removed', before: home(site())[0] },
      ]);
    });

    it('a block’s settings, each in words', () => {
      const entries = storyOf((doc) => {
        const [hero, stock, richText] = home(doc);
        if (hero) hero.props = { ...hero.props, heading: 'Spring sale', size: 'small', usePromotion: true };
        if (stock) stock.props.limit = 3;
        if (richText) richText.props.html = `<p>${'A long story about the dealership. '.repeat(4)}</p>`;
      });
      const hero = blockTitle('Hero');
      expect(texts(entries)).toEqual([
        `Home page, '${hero}' block: heading is now 'Spring sale'`,
        `Home page, '${hero}' block: height changed from Large to Small`,
        `Home page, '${hero}' block: Show the current promotion is now on`,
        `Home page, '${blockTitle('FeaturedStock')}' block: number of cards changed from 6 to 3`,
        `Home page, '${blockTitle('RichText')}' block: text is now 'A long story about the dealership. A long story about the d…'`,
      ]);
      expect(entries[0]?.details).toEqual([
        { pointer: '/pages/~1/blocks/0/props/heading', kind: 'changed', before: 'Welcome', after: 'Spring sale' },
      ]);
      expectWords(entries);
    });

    it('a block moved and edited is matched by its anchor name: a move and an edit', () => {
      const entries = storyOf((doc) => {
        const blocks = home(doc);
        const [stock] = blocks.splice(1, 1);
        if (stock) blocks.push({ ...stock, props: { ...stock.props, limit: 9 } });
      });
      const stock = blockTitle('FeaturedStock');
      expect(texts(entries)).toEqual([
        `Home page: moved '${stock}' below '${blockTitle('BlogCards')}'`,
        `Home page, '${stock}' block: number of cards changed from 6 to 9`,
      ]);
    });

    it('two blocks of a kind are told apart by their heading', () => {
      const entries = storyOf((doc) =>
        home(doc).push({ type: 'FeaturedStock', props: { heading: 'Quality used cars', limit: 3 } }),
      );
      expect(texts(entries)).toEqual([
        `Home page: added a '${blockTitle('FeaturedStock')}: Quality used cars' block below '${blockTitle('BlogCards')}'`,
      ]);
    });

    it('blocks inside a section, and a list inside a block', () => {
      const { before, after } = edited((doc) => {
        home(doc).push({ type: 'Section', props: { content: [text('<p>One</p>')] } });
      });
      const later = structuredClone(after);
      const section = home(later).at(-1);
      if (section) section.props.content = [text('<p>One</p>'), text('<p>Two</p>')];
      const hero = home(later)[0];
      if (hero) hero.props.buttons = [{ label: 'Book a test drive', href: '/book-test-drive' }];
      expect(texts(story(before, after))).toEqual([
        `Home page: added a '${blockTitle('Section')}' block below '${blockTitle('BlogCards')}'`,
      ]);
      expect(texts(story(after, later))).toEqual([
        `Home page, '${blockTitle('Hero')}' block, buttons: added 'Book a test drive' (→ /book-test-drive)`,
        `Home page, '${blockTitle('Section')}' block: added a '${blockTitle('RichText')}: Two' block below '${blockTitle('RichText')}: One'`,
      ]);
    });

    it('adds and removes pages', () => {
      const entries = storyOf((doc) => {
        doc.pages['/special-offers'] = { title: 'Special offers', blocks: [] };
        delete doc.pages['/blog'];
      });
      expect(entries.map(({ text, area }) => ({ text, area }))).toEqual([
        { text: 'Removed the page /blog', area: 'Pages' },
        { text: 'Added the page /special-offers', area: 'Pages' },
      ]);
      expect(entries[1]?.details).toEqual([
        { pointer: '/pages/~1special-offers', kind: 'added', after: { title: 'Special offers', blocks: [] } },
      ]);
    });

    it('a page set to nothing (the template’s page taken away) is removed', () => {
      const entries = storyOf((doc) => {
        doc.pages['/blog'] = null;
      });
      expect(texts(entries)).toEqual(['Removed the page /blog']);
    });

    it('a page’s own settings under its name', () => {
      const entries = storyOf((doc) => {
        const page = doc.pages['/blog'];
        if (page) page.title = 'News';
      });
      expect(texts(entries)).toEqual(["Page /blog: page title is now 'News'"]);
    });
  });

  describe('forms', () => {
    it('a field made required, and no longer required', () => {
      expect(texts(storyOf((doc) => (field(doc, 'phone').required = true)))).toEqual([
        "Enquiry form 'General enquiry': Phone is now required",
      ]);
      expect(texts(storyOf((doc) => delete field(doc, 'email').required))).toEqual([
        "Enquiry form 'General enquiry': Email is no longer required",
      ]);
    });

    it('a field added, removed, relabelled, moved', () => {
      const added = storyOf((doc) => fields(doc).splice(3, 0, { name: 'time', type: 'text', label: 'Preferred time' }));
      expect(added).toEqual([
        {
          text: "Enquiry form 'General enquiry': added the field 'Preferred time'",
          area: "Enquiry form 'General enquiry'",
          details: [
            {
              pointer: '/forms/general-enquiry/fields/3',
              kind: 'added',
              after: { name: 'time', type: 'text', label: 'Preferred time' },
            },
          ],
        },
      ]);
      expect(texts(storyOf((doc) => fields(doc).splice(2, 1)))).toEqual([
        "Enquiry form 'General enquiry': removed the field 'Phone'",
      ]);
      expect(texts(storyOf((doc) => (field(doc, 'phone').label = 'Mobile')))).toEqual([
        "Enquiry form 'General enquiry': label 'Phone' is now 'Mobile'",
      ]);
      expect(
        texts(
          storyOf((doc) => {
            const list = fields(doc);
            const [phone] = list.splice(2, 1);
            if (phone) list.unshift(phone);
          }),
        ),
      ).toEqual(["Enquiry form 'General enquiry': moved the field 'Phone' above 'First name'"]);
    });

    it('a field moved and relabelled is still the same field (by its saved name)', () => {
      const entries = storyOf((doc) => {
        const list = fields(doc);
        const [phone] = list.splice(2, 1);
        if (phone) list.push({ ...phone, label: 'Mobile' });
      });
      expect(texts(entries)).toEqual([
        "Enquiry form 'General enquiry': moved the field 'Mobile' below 'How can we help?'",
        "Enquiry form 'General enquiry': label 'Phone' is now 'Mobile'",
      ]);
    });

    it('a field’s other settings, and the form’s own', () => {
      const entries = storyOf((doc) => {
        field(doc, 'phone').placeholder = 'Best number to call';
        const form = doc.forms['general-enquiry'];
        if (form) form.title = 'Ask us anything';
      });
      expect(texts(entries)).toEqual([
        "Enquiry form 'General enquiry': form title is now 'Ask us anything'",
        "Enquiry form 'General enquiry', field 'Phone': placeholder is now 'Best number to call'",
      ]);
    });

    it('forms added and removed', () => {
      const entries = storyOf((doc) => {
        doc.forms['test-drive'] = { title: 'Book a test drive', fields: [{ name: 'name', type: 'text' }] };
        delete doc.forms['general-enquiry'];
      });
      expect(entries.map(({ text, area }) => ({ text, area }))).toEqual([
        { text: "Removed the enquiry form 'General enquiry'", area: 'Enquiry forms' },
        { text: "Added the enquiry form 'Test drive'", area: 'Enquiry forms' },
      ]);
    });
    it('a template’s form customised for the site is told as its changes from the template’s', () => {
      const template = {
        forms: {
          'instant-message': { title: 'Send us a message', fields: [{ name: 'phone', type: 'tel', label: 'Phone' }] },
        },
      };
      const customised = {
        title: 'Send us a message',
        fields: [{ name: 'phone', type: 'tel', label: 'Phone', required: true }],
      };
      const before = { name: 'Harbour City Mazda', forms: {} };
      const told = (after: unknown) => texts(describeEdits(before, after, { inherited: template }));
      expect(told({ ...before, forms: { 'instant-message': customised } })).toEqual([
        "Enquiry form 'Instant message': Phone is now required",
      ]);
      // Copied and not changed yet; then handed back to the template.
      expect(told({ ...before, forms: { 'instant-message': template.forms['instant-message'] } })).toEqual([
        "The enquiry form 'Instant message' is customised for this site (no changes yet)",
      ]);
      expect(
        texts(describeEdits({ ...before, forms: { 'instant-message': customised } }, before, { inherited: template })),
      ).toEqual(["The enquiry form 'Instant message' follows the template again"]);
      // Without the template's layer, it is a new form.
      expect(texts(describeEdits(before, { ...before, forms: { 'instant-message': customised } }))).toEqual([
        "Added the enquiry form 'Instant message'",
      ]);
    });
  });

  describe('offers, switches and everything else', () => {
    it('an offer added with its dates, removed, and edited', () => {
      const entries = storyOf((doc) => {
        doc.offers.push({ id: 'summer', title: 'Summer Drive-Away', start: '2026-12-01', expiry: '2027-01-31' });
      });
      expect(entries).toEqual([
        {
          text: "Special offers: added 'Summer Drive-Away' (1 Dec – 31 Jan)",
          area: 'Special offers',
          details: [
            {
              pointer: '/offers/1',
              kind: 'added',
              after: { id: 'summer', title: 'Summer Drive-Away', start: '2026-12-01', expiry: '2027-01-31' },
            },
          ],
        },
      ]);
      expect(texts(storyOf((doc) => doc.offers.splice(0, 1)))).toEqual([
        "Special offers: removed '3 years free servicing'",
      ]);
      const offer = (doc: Site) => doc.offers[0] ?? { id: '', title: '' };
      expect(texts(storyOf((doc) => (offer(doc).expiry = '2026-12-24')))).toEqual([
        "Special offers, '3 years free servicing': expiry date changed from 30 Nov 2026 to 24 Dec 2026",
      ]);
    });

    it('switches on and off, by their names', () => {
      const entries = storyOf((doc) => {
        doc.features.compare = false;
        doc.features.accounts = true;
        delete doc.features.offers;
        doc.features.brandsPage = true;
      });
      expect(entries.map(({ text, area }) => ({ text, area }))).toEqual([
        { text: 'Switches: Special offers is now off', area: 'Switches' },
        { text: 'Switches: Compare cars is now off', area: 'Switches' },
        { text: 'Switches: Shopper accounts is now on', area: 'Switches' },
        { text: 'Switches: Brands page is now on', area: 'Switches' },
      ]);
    });

    it('anything else: "<area>: <label> changed from X to Y", values in words', () => {
      const entries = storyOf((doc) => {
        doc.finance.interestRate = 6.99;
        doc.theme.font = 'archivo';
        doc.contact.address.city = 'Newtown';
        doc.contact.phone = '';
      });
      expect(texts(entries)).toEqual([
        'Theme: body font changed from Inter: clean and modern to Archivo: bold and compact',
        "Contact details: phone number changed from '(02) 9555 0100' to empty",
        "Contact details: street address › suburb or town is now 'Newtown'",
        'Finance settings: interest rate (% p.a.) changed from 7.49 to 6.99',
      ]);
    });

    it('the site’s own values under their tab when the tabs are given, else alone', () => {
      const { before, after } = edited((doc) => {
        doc.name = 'Harbour City Mazda Camperdown';
        doc.domains = ['www.harbourcitymazda.com.au', 'harbourcitymazda.com.au'];
      });
      expect(texts(story(before, after))).toEqual([
        "Dealer name is now 'Harbour City Mazda Camperdown'",
        'Web addresses changed from www.harbourcitymazda.com.au to www.harbourcitymazda.com.au, harbourcitymazda.com.au',
      ]);
      const sections = [{ label: 'Identity & domains', keys: ['name', 'domains'] }];
      const entries = describeEdits(before, after, { today: TODAY, sections });
      expect(entries[0]).toMatchObject({
        text: "Identity & domains: dealer name is now 'Harbour City Mazda Camperdown'",
        area: 'Identity & domains',
      });
    });

    it('long lists are counted and records named, never shown as JSON', () => {
      const entries = storyOf((doc) => {
        doc.domains = ['one.example', 'two.example', 'three.example', 'four.example', 'five.example', 'six.example'];
        (doc as Doc).logo = { src: '/media/logo.svg', alt: 'Harbour City Mazda logo' };
      });
      expect(texts(entries)).toEqual([
        'Web addresses changed from www.harbourcitymazda.com.au to 6 items',
        'Logo: logo image is now /media/logo.svg',
        "Logo: alt text is now 'Harbour City Mazda logo'",
      ]);
      expectWords(entries);
    });

    it('cuts long text at about 60 characters with an ellipsis, and reads HTML as text', () => {
      const entries = storyOf((doc) => {
        const richText = home(doc)[2];
        if (richText) richText.props.html = `<h2>Our story</h2><p>${'x'.repeat(200)}</p>`;
      });
      const line = entries[0]?.text ?? '';
      const value = /is now '(.*)'$/.exec(line)?.[1] ?? '';
      expect(value.startsWith('Our story xxx')).toBe(true);
      expect(value.endsWith('…')).toBe(true);
      expect(value.length).toBeLessThanOrEqual(STORY_VALUE_MAX_CHARS);
      expect(line).not.toContain('<');
    });

    it('a whole document added or removed is one entry', () => {
      expect(story(undefined, site()).map((e) => e.text)).toEqual(['Created the site']);
      expect(story(site(), undefined).map((e) => e.text)).toEqual(['Removed the site']);
    });
  });

  it('eight mixed edits give eight entries, each in words with its details', () => {
    const entries = storyOf((doc) => {
      doc.theme.colors.primary = '#0b6e4f'; // 1
      const hero = home(doc)[0];
      if (hero) hero.props.heading = 'Spring sale'; // 2
      const blocks = home(doc);
      const [richText] = blocks.splice(2, 1);
      if (richText) blocks.splice(1, 0, richText); // 3
      header(doc).splice(3, 0, link('Special offers', '/special-offers')); // 4
      const cars = header(doc)[1];
      if (cars) cars.label = 'Our cars'; // 5
      doc.features.compare = false; // 6
      field(doc, 'phone').required = true; // 7
      doc.offers.push({ id: 'summer', title: 'Summer Drive-Away', start: '2026-12-01', expiry: '2027-01-31' }); // 8
    });
    expect(texts(entries)).toEqual([
      'Theme: primary colour #b71c1c → #0b6e4f',
      'Switches: Compare cars is now off',
      "Header menu: renamed 'Cars' to 'Our cars'",
      "Header menu: added 'Special offers' (→ /special-offers)",
      `Home page, '${blockTitle('Hero')}' block: heading is now 'Spring sale'`,
      `Home page: moved '${blockTitle('RichText')}' above '${blockTitle('FeaturedStock')}'`,
      "Enquiry form 'General enquiry': Phone is now required",
      "Special offers: added 'Summer Drive-Away' (1 Dec – 31 Jan)",
    ]);
    expectWords(entries);
  });

  it('tells a real demo site’s edits in words: the file as published, then a dozen edits', () => {
    const before = readJson('tenants/harbour-city-mazda.json');
    const after = structuredClone(before);
    const pages = after.pages as Record<string, { blocks: Block[] }>;
    const blocks = pages['/']?.blocks ?? [];
    const [first] = blocks.splice(0, 1);
    if (first) blocks.push(first);
    blocks.splice(2, 0, text('<p>Open 7 days</p>'));
    (after.features as Doc).offers = false;
    (after.theme as { colors: Doc }).colors.accent = '#222222';
    (after.offers as Offer[]).splice(0, 1);
    delete pages['/blog/road-trip-checks'];
    const entries = describeEdits(before, after, { today: TODAY });
    expect(entries).toHaveLength(6);
    expectWords(entries);
  });
});

describe('fieldName: where a problem is, in the editor’s words (issue 32)', () => {
  const site = JSON.parse(readFileSync('tenants/harbour-city-mazda.json', 'utf8')) as Record<string, unknown>;
  const tabs = [
    { label: 'Theme', keys: ['logo', 'theme'] },
    { label: 'Pages', keys: ['pages', 'layout'] },
    { label: 'Offers & promotions', keys: ['offers'] },
    { label: 'Menus & buttons', keys: ['menus'] },
  ];
  const name = (pointer: string) => fieldName(site, pointer, { sections: tabs });
  it('names the tab, then each step by its title, never a pointer', () => {
    expect(name('/theme/colors/primary')).toBe('Theme › Theme colours › Primary colour');
    expect(name('/pages/~1/blocks/0/props/heading')).toBe('Pages › Home page › Hero banner › Heading');
    expect(name('/offers/0/expiry')).toBe(
      'Offers & promotions › Special offers › Mazda CX-5 summer drive-away offer › Expiry date',
    );
  });
  it('names an item the document does not hold (the template’s) by its place, and an unknown key in words', () => {
    expect(name('/menus/header/2/label')).toBe('Menus & buttons › Menus › Header menu › Item 3 › Label');
    expect(name('/feautres')).toBe('Feautres');
    expect(name('')).toBe('The whole site');
  });
  it('never holds a JSON pointer', () => {
    for (const pointer of [
      '/pages/~1/blocks/1/props/html',
      '/forms/general-enquiry/fields/3/required',
      '/menus/header/0/children/1/href',
    ])
      expect(name(pointer)).not.toMatch(/~1|\/\d+|\/props/);
  });
});
