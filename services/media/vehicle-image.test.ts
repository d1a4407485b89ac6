import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  demoHotspots,
  isVehicleKind,
  isVehicleView,
  paintFor,
  vehiclePng,
  vehicleSvg,
  VEHICLE_KINDS,
  VEHICLE_VIEWS,
} from './vehicle-image';

describe('demo vehicle pictures', () => {
  it('paints each colour name, falling back through the base colour to grey', () => {
    expect(paintFor('white')).toBe('#f2f2f0');
    expect(paintFor('pearl-white')).toBe('#f2f2f0');
    expect(paintFor('hex-9d1420')).toBe('#9d1420');
    expect(paintFor('unobtainium')).toBe('#8b9096');
  });

  it('draws every kind and view as a 1200x800 picture in the paint colour; the interior panorama is three views wide', () => {
    for (const kind of VEHICLE_KINDS) {
      for (const view of VEHICLE_VIEWS)
        expect(vehicleSvg(kind, 'red', view)).toMatch(
          view === 'interior-360' ? /^<svg [^>]*width="3600" height="800"/ : /^<svg [^>]*width="1200" height="800"/,
        );
    }
    expect(vehicleSvg('suv', 'red', 'side')).toContain('#b3202a');
    expect(vehicleSvg('suv', 'red', 'interior-360')).toContain('#b3202a');
  });

  it('places hotspots where the drawn car is: the front wheel on the side views, the headlight when the front shows', () => {
    const { exterior, interior } = demoHotspots('suv');
    const wheel = exterior.find((h) => h.id === 'wheels');
    expect(wheel?.positions.find((p) => p.frame === 0)).toEqual({ frame: 0, x: 25, y: 65 }); // front wheel at x 300 of 1200
    expect(wheel?.positions.some((p) => p.frame === 6)).toBe(false); // 90°: end on, no side
    expect(exterior.find((h) => h.id === 'headlights')?.positions.every((p) => p.frame > 0 && p.frame < 12)).toBe(true);
    expect(interior[0]?.positions[0]).toMatchObject({ frame: 0, x: 64.2 });
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
