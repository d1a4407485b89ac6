import { describe, expect, it } from 'vitest';
import { softNavigationPath, sitePathOf, type LinkClick } from './soft-navigation';

const origin = 'https://southern-cross-motors.example';
const click = (over: Partial<LinkClick> = {}): LinkClick => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  target: null,
  download: false,
  href: `${origin}/cars/2020-mazda-cx-5?from=search#enquire`,
  origin,
  ...over,
});

describe('softNavigationPath: when the client router follows a link (as Next <Link> decides)', () => {
  it('takes a plain main-button click on a page of this site, with its query and fragment', () => {
    expect(softNavigationPath(click())).toBe('/cars/2020-mazda-cx-5?from=search#enquire');
    expect(softNavigationPath(click({ target: '_self' }))).toBe('/cars/2020-mazda-cx-5?from=search#enquire');
    expect(softNavigationPath(click({ target: '_SELF' }))).toBe('/cars/2020-mazda-cx-5?from=search#enquire');
  });

  it.each([
    ['the middle button', { button: 1 }],
    ['Cmd (new tab on a Mac)', { metaKey: true }],
    ['Ctrl (new tab)', { ctrlKey: true }],
    ['Shift (new window)', { shiftKey: true }],
    ['Alt (download)', { altKey: true }],
    ['a click another handler took', { defaultPrevented: true }],
    ['target=_blank', { target: '_blank' }],
    ['a named frame', { target: 'preview' }],
    ['a download link', { download: true }],
  ] as const)('leaves %s to the browser', (_, over) => {
    expect(softNavigationPath(click(over))).toBeNull();
  });

  it('leaves other sites, other schemes and unreadable addresses to the browser', () => {
    expect(softNavigationPath(click({ href: 'https://www.facebook.com/dealer' }))).toBeNull();
    expect(softNavigationPath(click({ href: 'http://southern-cross-motors.example/cars/x' }))).toBeNull();
    expect(softNavigationPath(click({ href: 'tel:+61299999999' }))).toBeNull();
    expect(softNavigationPath(click({ href: 'mailto:sales@example.com' }))).toBeNull();
    expect(softNavigationPath(click({ href: 'not a url' }))).toBeNull();
  });
});

describe('sitePathOf', () => {
  it('gives the path of an address on this origin', () => {
    expect(sitePathOf(`${origin}/`, origin)).toBe('/');
    expect(sitePathOf(`${origin}/search/used-cars?page=2`, origin)).toBe('/search/used-cars?page=2');
  });

  it('keeps an address the URL parser reads as this origin but with a doubled slash off the router', () => {
    // new URL('https://a//evil.example') keeps '//evil.example' as the path: never a router path.
    expect(sitePathOf(`${origin}//evil.example/x`, origin)).toBeNull();
  });
});
