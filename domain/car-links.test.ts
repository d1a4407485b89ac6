import { describe, expect, it } from 'vitest';
import { fillCarLink } from './car-links';

describe('car links', () => {
  it('fills car placeholders in button links', () => {
    expect(fillCarLink('/cars/{slug}/checkout?id={id}', { slug: 'a b', id: 7 })).toBe('/cars/a%20b/checkout?id=7');
  });
});
