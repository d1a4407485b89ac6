import type { BlockComponent } from '../types';
import { vehicleTitle } from '../../domain/vehicle-title';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { Viewer } from './VehicleGallery.client';
import { mediaSlides, videoSource } from '../../domain/vehicle-media';

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
  const spinFrames = car.spin_images ?? [];
  const videoUrl = car.video_url ?? car.videos?.[0]?.url;
  const source = videoSource(videoUrl);
  const slides = mediaSlides(images, source ? { source, title: 'Video' } : undefined, ctx.tenant.vehicle.videoPosition);
  const walkaround = car.walkaround_videos
    ?.map((v) => ({ url: v.url, title: v.title ?? 'Walkaround video', source: videoSource(v.url) }))
    .find((v) => v.source?.kind === 'file');
  return (
    <Viewer
      slides={slides}
      spinFrames={spinFrames}
      {...(car.spin_interior_image ? { interior: car.spin_interior_image } : {})}
      {...(walkaround ? { walkaround: { url: walkaround.url, title: walkaround.title } } : {})}
      {...(car.hotspots ? { hotspots: car.hotspots } : {})}
      defaultView={ctx.tenant.vehicle.defaultView}
      autoRotate={ctx.tenant.vehicle.spinAutoRotate}
      showThumbnails={car.status === 'in_stock' && images.length >= THUMBNAILS_MIN_IMAGES}
      title={title}
    />
  );
};
