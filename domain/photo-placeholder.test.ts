import { describe, expect, it } from 'vitest';
import { escapeXml, PLACEHOLDER_TEXT, placeholderBodyKey, placeholderSvg } from './photo-placeholder';

describe('the photo placeholder (issue 18)', () => {
  it('knows the body types as feeds and models spell them', () => {
    expect(placeholderBodyKey('SUV')).toBe('suv');
    expect(placeholderBodyKey(' suv ')).toBe('suv');
    expect(placeholderBodyKey('Cab Chassis')).toBe('cab-chassis');
    expect(placeholderBodyKey('cabChassis')).toBe('cab-chassis');
    expect(placeholderBodyKey('People Mover')).toBe('people-mover');
    expect(placeholderBodyKey('peopleMover')).toBe('people-mover');
    expect(placeholderBodyKey('Hatchback')).toBe('hatch');
    expect(placeholderBodyKey('stationWagon')).toBe('wagon');
    expect(placeholderBodyKey('4x4')).toBe('4x4');
    expect(placeholderBodyKey('Naked')).toBe('naked');
    expect(placeholderBodyKey('cab-chassis')).toBe('cab-chassis');
  });

  it('knows nothing else, so no address can choose the words drawn', () => {
    for (const body of [
      undefined,
      null,
      '',
      'Spaceship',
      '<script>',
      'Call 0400 000 000',
      'constructor',
      '__proto__',
      'toString',
    ])
      expect(placeholderBodyKey(body), String(body)).toBeUndefined();
  });

  it('draws the body type and "Photo coming soon" in a 3:2 SVG', () => {
    const svg = placeholderSvg('suv');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 600 400"/);
    expect(svg).toContain('>SUV</text>');
    expect(svg).toContain(`>${PLACEHOLDER_TEXT}</text>`);
    expect(svg).toContain('aria-label="SUV: Photo coming soon"');
    expect(svg).toContain('<title>SUV: Photo coming soon</title>');
    expect(placeholderSvg('cab-chassis')).toContain('>Cab Chassis</text>');
    // Motorcycles are drawn as motorcycles: wheels as rings, no car body.
    expect(placeholderSvg('naked')).toContain('fill="none" stroke=');
    expect(placeholderSvg('naked')).toContain('>Naked bike</text>');
  });

  it('draws a car and names no body type for an unknown key', () => {
    const svg = placeholderSvg('<script>alert(1)</script>');
    expect(svg).not.toContain('script');
    expect(svg).toContain('<title>Photo coming soon</title>');
    expect(svg.match(/<text /g)).toHaveLength(1);
    expect(placeholderSvg(undefined)).toBe(svg);
  });

  it('contains no script, no link and nothing fetched', () => {
    for (const key of ['suv', 'ute', 'van', 'sedan', 'scooter', undefined]) {
      const svg = placeholderSvg(key);
      expect(svg).not.toMatch(/<script|href=|<image|<foreignObject|on[a-z]+=/i);
    }
  });

  it('escapes text for XML', () => {
    expect(escapeXml(`<a href="x">'Tom' & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;Tom&apos; &amp; Jerry&lt;/a&gt;',
    );
  });
});
