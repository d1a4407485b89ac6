import type { BlockComponent } from '../types';
import { prepareForm } from '../../server/page-data/form-block';
import { siteLocations } from '../../server/page-data/locations-data';
import { LocationsExplorer } from './LocationsExplorer.client';
import styles from './LocationsListing.module.css';

export const LocationsListing: BlockComponent<'LocationsListing'> = async ({ props, ctx }) => {
  const { tenant } = ctx;
  const [{ dealerships }, enquiry] = await Promise.all([
    siteLocations(tenant),
    prepareForm(tenant, props.enquiryForm ?? 'location-enquiry', {}),
  ]);
  return (
    <section className="section locations" aria-labelledby="locations-heading">
      <div className="container">
        <h1 id="locations-heading">{props.heading ?? 'Our locations'}</h1>
        {props.intro ? <p className={styles.intro}>{props.intro}</p> : null}
        {/* The explorer reads ?locationQuery= in the browser, so the page itself stays cacheable. */}
        <LocationsExplorer
          site={tenant.slug}
          dealerships={dealerships}
          nearest={props.nearest !== false}
          tabMode={props.tabs ?? 'type'}
          {...(enquiry ? { enquiryForm: enquiry.form } : {})}
        />
      </div>
    </section>
  );
};
