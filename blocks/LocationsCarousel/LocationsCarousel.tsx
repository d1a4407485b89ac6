import type { BlockComponent } from '../types';
import { siteLocations, type LocationCard } from '../../server/page-data/locations-data';
import { CarouselTrack } from './LocationsCarousel.client';
import styles from './LocationsCarousel.module.css';

/** conversion §2.5: more than 3 locations change the layout (a carousel instead of a grid). */
const CAROUSEL_ABOVE = 3;

function Tile({ location }: { location: LocationCard }) {
  return (
    <li className={styles.tile}>
      <h3>
        <a href={location.pageHref}>{location.name}</a>
      </h3>
      <p>{[location.street, location.city].filter(Boolean).join(', ')}</p>
      {location.phone ? (
        <p>
          <a href={`tel:${location.phone.replace(/[^0-9+]/g, '')}`}>{location.phone}</a>
        </p>
      ) : null}
    </li>
  );
}

export const LocationsCarousel: BlockComponent<'LocationsCarousel'> = async ({ props, ctx }) => {
  const types = props.types ?? ['sales', 'used'];
  const { dealerships } = await siteLocations(ctx.tenant);
  const locations = dealerships.flatMap((d) => d.locations).filter((l) => l.tabs.some((t) => types.includes(t)));
  if (!locations.length) return null;
  const heading = props.heading ?? 'Our Locations';
  const tiles = locations.map((l) => <Tile key={l.id} location={l} />);
  return (
    <section className="section locations-carousel" aria-labelledby="locations-carousel-heading">
      <div className="container">
        <h2 id="locations-carousel-heading">{heading}</h2>
        {locations.length > CAROUSEL_ABOVE ? (
          <CarouselTrack label={heading}>{tiles}</CarouselTrack>
        ) : (
          <ul className={styles.grid}>{tiles}</ul>
        )}
      </div>
    </section>
  );
};
