import { describe, expect, it } from 'vitest';
import { streetName } from './street-name';

describe('streetName (conversion §2.5: several location types on one street)', () => {
  it('drops the number so neighbouring yards share a street', () => {
    expect(streetName('120 Botany Road')).toBe('botany road');
    expect(streetName('126 Botany Road')).toBe('botany road');
    expect(streetName('Unit 4/12 Derwent Park Road')).toBe('derwent park road');
    expect(streetName('Shop 3, 71 Station Street East')).toBe('station street east');
    expect(streetName('10-12 Smith St')).toBe('smith st');
  });

  it('has nothing for an empty street', () => {
    expect(streetName('')).toBeUndefined();
    expect(streetName(undefined)).toBeUndefined();
  });
});
