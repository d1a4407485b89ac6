import type { BlockComponent } from '../types';
import { CompareView } from './CompareVehicles.client';

/** The comparison page: the list is in the shopper's browser, so the table is drawn there. */
export const CompareVehicles: BlockComponent<'CompareVehicles'> = ({ props, ctx }) => {
  const { tenant } = ctx;
  return (
    <CompareView
      site={tenant.slug}
      heading={props.heading ?? 'Compare cars'}
      searchHref={props.searchHref ?? '/search/new-used-and-demo-cars'}
      options={{
        currency: tenant.locale.currency,
        subscriptionOffer: tenant.features.subscriptionOffer,
        noPriceText: tenant.pricing.noPriceText,
        preorderText: tenant.pricing.preorderText,
      }}
    />
  );
};
