'use client';

import { IntentLink as Link } from '../../components/shopper/IntentLink';
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { useHydrated } from '../../components/shopper/use-hydrated';
import { favouritesAtom } from '../../components/shopper/store';
import { buttonClass } from '../../components/ui/button';
import { cardGridClass } from '../../components/ui/card-grid';
import { stockCardBodyClass, stockCardClass } from '../../components/StockCard/card-classes';
import { VehiclePhoto } from '../../components/VehiclePhoto/VehiclePhoto';

export function Favourites({ site, heading }: { site: string; heading: string }) {
  const [list, setList] = useAtom(useMemo(() => favouritesAtom(site), [site]));
  const ready = useHydrated();
  return (
    <section className="container section" aria-labelledby="favourites-heading">
      <h1 id="favourites-heading">{heading}</h1>
      {!ready ? null : list.length === 0 ? (
        <p>
          You have not saved any cars yet. <Link href="/search/new-used-and-demo-cars">Search our stock</Link> and tap
          Save to favourites.
        </p>
      ) : (
        <ul className={cardGridClass} role="list">
          {list.map((car) => (
            <li key={car.id} className={stockCardClass}>
              {/* The entry is stored in the browser and may outlive the car: a photo that is gone
                  shows the placeholder (issue 18), as does an entry without one. */}
              <VehiclePhoto
                src={car.primary_image_url}
                alt=""
                width={600}
                height={400}
                sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              />
              <div className={stockCardBodyClass}>
                <h2 className="stock-card__title">
                  <Link href={`/cars/${car.slug}`}>{car.name}</Link>
                </h2>
                <button
                  type="button"
                  className={buttonClass('outline')}
                  onClick={() => setList((current) => current.filter((f) => f.id !== car.id))}
                >
                  Remove<span className="visually-hidden"> {car.name} from favourites</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
