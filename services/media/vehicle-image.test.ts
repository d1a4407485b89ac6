import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { isVehicleKind, isVehicleView, paintFor, vehiclePng, vehicleSvg, VEHICLE_KINDS, VEHICLE_VIEWS } from './vehicle-image';

describe('demo vehicle pictures', () => {
  it('paints each colour name, falling back through the base colour to grey', () => {
    expect(paintFor('white')).toBe('#f2f2f0');
    expect(paintFor('pearl-white')).toBe('#f2f2f0');
    expect(paintFor('unobtainium')).toBe('#8b9096');
  });

  it('draws every kind and view as a 1200x800 picture in the paint colour', () => {
    for (const kind of VEHICLE_KINDS) for (const view of VEHICLE_VIEWS) expect(vehicleSvg(kind, 'red', view)).toMatch(/^<svg [^>]*width="1200" height="800"/);
    expect(vehicleSvg('suv', 'red', 'side')).toContain('#b3202a');
  });

  it('renders PNG files', async () => {
    const meta = await sharp(await vehiclePng('ute', 'blue', 'side')).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 800 });
  });

  it('only accepts known kinds and views (the route answers 404 otherwise)', () => {
    expect(isVehicleKind('suv')).toBe(true);
    expect(isVehicleKind('../etc')).toBe(false);
    expect(isVehicleView('interior')).toBe(true);
    expect(isVehicleView('top')).toBe(false);
  });
});
