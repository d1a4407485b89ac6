import type { BlockComponent } from '../types';
import { serialiseJsonLd, vehicleJsonLd } from '../../domain/vehicle-structured-data';
import { pageVehicle } from '../../server/page-data/vehicle-context';
import { siteOrigin } from '../../server/page-data/site-origin';

export const VehicleStructuredData: BlockComponent<'VehicleStructuredData'> = async ({ ctx }) => {
  const { car } = await pageVehicle(ctx);
  const origin = siteOrigin(ctx.tenant);
  const data = vehicleJsonLd(car, {
    url: `${origin}/cars/${car.slug}`,
    siteName: ctx.tenant.name,
    currency: ctx.tenant.locale.currency,
    imageBase: origin,
    vehicleWord: ctx.tenant.vehicleWord,
  });
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serialiseJsonLd(data) }} />;
};
