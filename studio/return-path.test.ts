import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPath } from './return-path';

describe('the page after sign-in', () => {
  it('follows a path of the Studio host', () => {
    expect(safeReturnPath('/sites/harbour-city-mazda')).toBe('/sites/harbour-city-mazda');
    expect(signInPath('/sites/harbour-city-mazda')).toBe('/sign-in?next=%2Fsites%2Fharbour-city-mazda');
    expect(signInPath('/')).toBe('/sign-in');
  });

  it('never leaves the host, and never loops back to the sign-in page', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\tevil',
      'javascript:alert(1)',
      '',
      null,
      '/sign-in',
      '/sign-in?next=/x',
      `/${'a'.repeat(600)}`,
    ])
      expect(safeReturnPath(value), String(value)).toBe('/');
  });
});
