/**
 * The editor's tabs (issue 16): every top-level key of the tenant document belongs to exactly one
 * tab, or is kept by the Studio itself (sections.test.ts holds this against the tenant schema, so
 * a new key cannot go missing from the editor).
 */

export interface Section {
  /** Used in the URL (`?tab=theme`) and in element ids. */
  id: string;
  label: string;
  /** Top-level keys of the tenant document this tab edits, in the order they are shown. */
  keys: readonly string[];
  /** One line under the tab's heading, for someone who does not know the document's keys. */
  intro: string;
}

export const SECTIONS: readonly Section[] = [
  {
    id: 'identity',
    label: 'Identity & domains',
    keys: [
      'name',
      'slug',
      'domains',
      'template',
      'dealershipGroup',
      'dealerships',
      'manufacturer',
      'vehicleWord',
      'locale',
      'contact',
      'overrideCity',
      'legal',
      'brands',
    ],
    intro: 'The site’s name, its web addresses, the dealerships whose stock it shows, and how to contact the dealer.',
  },
  {
    id: 'theme',
    label: 'Theme',
    keys: ['logo', 'theme'],
    intro: 'Logo, colours, fonts and corner rounding. Each text colour is checked against the colour it sits on.',
  },
  {
    id: 'menus',
    label: 'Menus & buttons',
    keys: ['menus', 'buttonSets'],
    intro: 'The header and footer menus, and the sets of buttons shown on vehicle cards and pages.',
  },
  {
    id: 'pages',
    label: 'Pages',
    keys: ['pages', 'layout'],
    intro: 'Every page of the site and its blocks. Pages from the template are inherited until you change them here.',
  },
  {
    id: 'forms',
    label: 'Forms',
    keys: ['forms', 'formSettings', 'testDrive'],
    intro: 'Enquiry forms and their fields, the settings every form shares, and the times the test-drive form offers.',
  },
  {
    id: 'search',
    label: 'Search',
    keys: ['search', 'vehicle', 'pricing', 'stats', 'salesCounter', 'images'],
    intro:
      'Search filters and sorting, the vehicle page, how prices are shown, the stock figures and where photos come from.',
  },
  {
    id: 'finance',
    label: 'Finance',
    keys: ['finance', 'warranty', 'returnPolicy'],
    intro: 'Finance rates and the repayment calculator, warranty and return policy.',
  },
  {
    id: 'offers',
    label: 'Offers & promotions',
    keys: ['offers', 'promotions', 'banners', 'blog', 'whyBuyFromUs', 'serviceBookingLinks', 'models'],
    intro:
      'Special offers, the promotions slider and banners, each with its start and expiry dates; blog cards and models.',
  },
  {
    id: 'locations',
    label: 'Locations',
    keys: ['locationSettings'],
    intro: 'How the dealer’s locations are shown: opening hours, maps and location pages.',
  },
  {
    id: 'accounts',
    label: 'Accounts',
    keys: ['accounts'],
    intro: 'Shopper accounts: sign-in, My Garage and saved searches.',
  },
  {
    id: 'leads',
    label: 'Lead delivery',
    keys: ['leadDelivery', 'messaging'],
    intro:
      'Where enquiries go: e-mail, webhooks and ADF/XML (every lead is queued for every destination), and the chat bubble’s instant messages.',
  },
  {
    id: 'switches',
    label: 'Switches',
    keys: ['features', 'plugins'],
    intro: 'Features of the site that can be switched on and off, and third-party plugins.',
  },
];

/** Keys the Studio keeps itself: the editor never shows them as fields. */
export const STUDIO_KEPT_KEYS: readonly string[] = ['$schema', 'schemaVersion'];

/** Keys shown but never changed in the Studio (a site's slug is its identity). */
export const READ_ONLY_KEYS: readonly string[] = ['slug'];

export const sectionById = (id: string | null | undefined): Section =>
  SECTIONS.find((s) => s.id === id) ?? (SECTIONS[0] as Section);
