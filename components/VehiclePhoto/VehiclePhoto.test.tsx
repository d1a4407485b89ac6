import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PHOTO_WIDTHS } from '../../domain/vehicle-photo-source';
import { VehiclePhoto } from './VehiclePhoto';

const render = (props: Partial<Parameters<typeof VehiclePhoto>[0]> & { src: string | undefined }) =>
  renderToStaticMarkup(<VehiclePhoto alt="2021 Toyota RAV4, photo 1" width={600} height={400} {...props} />);

const attribute = (html: string, name: string) =>
  new RegExp(`${name}="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');

describe('a vehicle photo on a page (issue 18)', () => {
  it("sends the platform's own pictures through Next's optimiser", () => {
    const html = render({ src: '/media/vehicles/suv/white/front.png', sizes: '100vw' });
    expect(attribute(html, 'src')).toMatch(
      /^\/_next\/image\?url=%2Fmedia%2Fvehicles%2Fsuv%2Fwhite%2Ffront\.png&w=\d+&q=75$/,
    );
    expect(attribute(html, 'alt')).toBe('2021 Toyota RAV4, photo 1');
  });

  it("sends a dealer CDN photo through the image route, with a srcset of the route's widths", () => {
    const html = render({ src: 'https://cdn.dealer.com/1.jpg', body: 'SUV', sizes: '(min-width: 1024px) 33vw, 100vw' });
    const src = attribute(html, 'src') ?? '';
    expect(src).toMatch(/^\/api\/images\?url=https%3A%2F%2Fcdn\.dealer\.com%2F1\.jpg&w=\d+&body=suv$/);
    const candidates = (attribute(html, 'srcSet') ?? attribute(html, 'srcset') ?? '').split(', ');
    expect(candidates.length).toBeGreaterThan(1);
    for (const candidate of candidates) {
      const [url = ''] = candidate.split(' ');
      expect(url).toContain('/api/images?url=https%3A%2F%2Fcdn.dealer.com%2F1.jpg&w=');
      expect(PHOTO_WIDTHS).toContain(Number(new URLSearchParams(url.split('?')[1]).get('w')));
    }
    expect(attribute(html, 'sizes')).toBe('(min-width: 1024px) 33vw, 100vw');
    expect(attribute(html, 'loading')).toBe('lazy');
    // The loader is a function of the page, never an attribute.
    expect(html).not.toContain('loader');
  });

  it('shows the placeholder for a car without a photo, naming its body type', () => {
    const html = render({ src: undefined, body: 'Ute', alt: '' });
    expect(attribute(html, 'src')).toBe('/api/images/placeholder?body=ute');
    expect(attribute(html, 'alt')).toBe('');
    expect(attribute(html, 'width')).toBe('600');
    expect(html).not.toContain('srcset');
  });

  it('loads a photo above the fold at once and first', () => {
    const html = render({ src: 'https://cdn.dealer.com/1.jpg', priority: true, sizes: '100vw' });
    expect(attribute(html, 'loading')).toBe('eager');
    expect(attribute(html, 'fetchPriority') ?? attribute(html, 'fetchpriority')).toBe('high');
  });
});
