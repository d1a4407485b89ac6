import type { BlockComponent } from '../types';
import { vehicleTitle } from '../../domain/vehicle-title';
import { carVideoSource } from '../../domain/vehicle-media';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { VideoSlide } from '../VehicleGallery/VehicleGallery.client';
import styles from './VehicleVideo.module.css';

/**
 * spec: catalogue §2 — the vehicle page's sections below the gallery: "key-information block,
 * details list, features list, video, dealer comments …". The car's video plays here as well as
 * among the gallery's photos; a car without one shows no section.
 */
export const VehicleVideo: BlockComponent<'VehicleVideo'> = async ({ props, ctx }) => {
  const { car } = await pageVehicle(ctx);
  const source = carVideoSource(car);
  if (!source) return null;
  const poster = car.images?.find((entry) => entry.image?.url)?.image?.url ?? car.primary_image_url;
  const heading = props.heading?.trim() || 'Video';
  return (
    <section className={`${styles.video} vehicle-video`} aria-labelledby="vehicle-video-heading">
      <h2 id="vehicle-video-heading">{heading}</h2>
      <div className={styles.player}>
        <VideoSlide
          slide={{ type: 'video', source, title: heading }}
          title={vehicleTitle(car)}
          {...(poster ? { poster } : {})}
          {...(car.simple_body ? { body: car.simple_body } : {})}
        />
      </div>
    </section>
  );
};
