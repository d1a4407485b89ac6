import { describe, expect, it } from 'vitest';
import { isSitePath, onSiteHref } from './site-path';

/** Where a browser on https://dealer.example goes for an href. */
const resolved = (href: string) => new URL(href, 'https://dealer.example/cars/x').host;

// Hrefs written like a path that a browser still reads as another site (security review, issue 20).
const OFF_SITE = [
  '//evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example',
  '\\/evil.example',
  '///evil.example',
  ' //evil.example',
  '\n/\\evil.example',
  '/\t/evil.example',
  '/\r\n/evil.example',
];

describe('isSitePath: only a single leading / followed by neither / nor \\', () => {
  it('accepts paths of this site, with their query and hash', () => {
    for (const href of ['/', '/finance', '/search/used-cars?make=Mazda#results', '/cars/2020-mazda-cx-5'])
      expect(isSitePath(href), href).toBe(true);
  });

  it('refuses what a browser reads as another site, full addresses, anchors and other schemes', () => {
    for (const href of [...OFF_SITE, 'https://evil.example', '#finance-form', 'mailto:a@b.example', 'finance', ''])
      expect(isSitePath(href), JSON.stringify(href)).toBe(false);
  });

  it('the off-site examples really are another site to a browser (so the refusals above mean something)', () => {
    for (const href of OFF_SITE) expect(resolved(href), JSON.stringify(href)).toBe('evil.example');
  });
});

describe('onSiteHref: a path-like href never leaves the site', () => {
  it('keeps each off-site spelling on this site, on a path that names what was written', () => {
    for (const href of OFF_SITE) {
      const rendered = onSiteHref(href);
      expect(resolved(rendered), JSON.stringify(href)).toBe('dealer.example');
      expect(isSitePath(rendered), rendered).toBe(true);
    }
    expect(onSiteHref('//evil.example/x')).toBe('/%2Fevil.example/x');
    expect(onSiteHref('/\\evil.example/x')).toBe('/%5Cevil.example/x');
  });

  it('leaves site paths, anchors and deliberate full addresses as they are', () => {
    for (const href of [
      '/finance',
      '/search?make=Mazda',
      '#finance-form',
      'https://www.facebook.com/dealer',
      'tel:0299990000',
    ])
      expect(onSiteHref(href)).toBe(href);
  });
});
