import type { BlockComponent } from '../types';
import { vehicleTitle } from '../../domain/vehicle-title';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { Viewer } from './VehicleGallery.client';
import { carVideoSource, mediaSlides, videoSource } from '../../domain/vehicle-media';
import { photoSource, photoUrl } from '../../domain/vehicle-photo-source';

/** Spin frames and the interior panorama are shown at one size; a frame is 600 px wide on the page. */
const SPIN_FRAME_WIDTH = 1200;
const PANORAMA_WIDTH = 1920;

// spec: catalogue §4 / §9 — the thumbnail strip shows for in_stock cars with more than 3 images.
export const THUMBNAILS_MIN_IMAGES = 4;

export const VehicleGallery: BlockComponent<'VehicleGallery'> = async ({ ctx }) => {
  const { car } = await pageVehicle(ctx);
  const title = vehicleTitle(car);
  const images = (car.images ?? [])
    .map((entry, i) => {
      const src = entry.image?.url;
      return src ? { src, thumb: entry.image?.thumb?.url ?? src, alt: `${title}, photo ${i + 1}` } : undefined;
    })
    .filter((image): image is NonNullable<typeof image> => image !== undefined);
  if (!images.length && car.primary_image_url)
    images.push({ src: car.primary_image_url, thumb: car.primary_image_url, alt: title });
  // The spin viewer preloads plain pictures: a frame on another host goes through the image route
  // (issue 18) at one width, and the platform's own frames stay as they are. A frame no browser
  // should load (data:, javascript:) becomes the placeholder, so hotspots keep their frame numbers;
  // such an interior panorama is left out.
  const spinFrames = (car.spin_images ?? []).map((frame) => photoUrl(frame, SPIN_FRAME_WIDTH, car.simple_body));
  const interior =
    photoSource(car.spin_interior_image).kind === 'placeholder'
      ? undefined
      : photoUrl(car.spin_interior_image, PANORAMA_WIDTH);
  const source = carVideoSource(car);
  const slides = mediaSlides(images, source ? { source, title: 'Video' } : undefined, ctx.tenant.vehicle.videoPosition);
  const walkaround = car.walkaround_videos
    ?.map((v) => ({ url: v.url, title: v.title ?? 'Walkaround video', source: videoSource(v.url) }))
    .find((v) => v.source?.kind === 'file');
  return (
    <Viewer
      slides={slides}
      spinFrames={spinFrames}
      {...(interior ? { interior } : {})}
      {...(walkaround ? { walkaround: { url: walkaround.url, title: walkaround.title } } : {})}
      {...(car.hotspots ? { hotspots: car.hotspots } : {})}
      defaultView={ctx.tenant.vehicle.defaultView}
      autoRotate={ctx.tenant.vehicle.spinAutoRotate}
      showThumbnails={car.status === 'in_stock' && images.length >= THUMBNAILS_MIN_IMAGES}
      title={title}
      {...(car.simple_body ? { body: car.simple_body } : {})}
    />
  );
};
