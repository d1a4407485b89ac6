/**
 * Demo vehicle pictures, drawn on request (services/media/vehicle-image) and cached by browsers and
 * the image optimiser for a year: the URL fully determines the picture.
 */
import { isVehicleKind, isVehicleView, vehiclePng } from '@/services/media/vehicle-image';

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ kind: string; colour: string; file: string }> },
) {
  const { kind, colour, file } = await params;
  const view = file.replace(/\.png$/, '');
  if (!file.endsWith('.png') || !isVehicleKind(kind) || !isVehicleView(view) || !/^[a-z0-9-]{1,40}$/.test(colour)) {
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  }
  const png = await vehiclePng(kind, colour, view);
  return new Response(new Uint8Array(png), {
    headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable' },
  });
}
