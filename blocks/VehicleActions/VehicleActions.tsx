import type { BlockComponent } from '../types';
import { vehicleTitle } from '../../domain/vehicle-title';
import { copiedToast, shareUrl } from '../../domain/vehicle/sharing';
import { shownPrice } from '../../domain/price-display';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { siteOrigin } from '../../server/page-data/site-origin';
import { VehicleActionsBar } from './VehicleActions.client';
import { WatchlistButton } from './WatchlistButton.client';
import { isSwitchedOn } from '../../domain/switches';
import { isAvailable } from '../../domain/listing';
import { viewUpdatedAtParam } from '../../domain/view-query';

export const VehicleActions: BlockComponent<'VehicleActions'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  const { car, updatedAt } = await pageVehicle(ctx);
  const title = vehicleTitle(car);
  const image = car.images?.[0]?.image?.url ?? car.primary_image_url;
  const needs = tenant.vehicle.favouriteNeeds;
  // spec: catalogue §4 — the favourite button is hidden for unsuitable cars (no price, or no images, by site).
  const suitable = needs === 'nothing' || (needs === 'price' ? shownPrice(car) > 0 : Boolean(image));
  return (
    <VehicleActionsBar
      site={tenant.slug}
      slug={car.slug}
      favourite={
        suitable
          ? { id: car.id, name: title, slug: car.slug, make: car.make, model: car.model, primary_image_url: image }
          : undefined
      }
      viewed={{
        id: car.id,
        stocknum: car.stocknum,
        make: car.make,
        model: car.model,
        body: car.bodyconfiguration,
        simple_body: car.simple_body,
      }}
      shareUrl={shareUrl(siteOrigin(tenant), car.slug)}
      title={title}
      copyWithToast={tenant.features.shareCopiesLink}
      toastText={copiedToast(title)}
      compare={
        isSwitchedOn('compare', tenant.features)
          ? { id: car.id, name: title, slug: car.slug, ...(image ? { primary_image_url: image } : {}) }
          : undefined
      }
      showViews={props.showViews !== false}
      photosCount={car.images?.length ?? 0}
      updatedAt={viewUpdatedAtParam(updatedAt)}
    >
      {isSwitchedOn('accounts', tenant.features) ? (
        <WatchlistButton
          carId={car.id}
          carName={title}
          sold={!isAvailable(car)}
          listHref={props.watchlistHref ?? '/watchlist'}
        />
      ) : null}
    </VehicleActionsBar>
  );
};
