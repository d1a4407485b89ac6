import { notFound } from 'next/navigation';
import type { BlockComponent } from '../types';
import { slugify } from '../../domain/slug';
import { buttonClass } from '../../components/ui/button';
import styles from './ServiceBookingLinks.module.css';

/**
 * Online service booking by make (conversion §3 Service-booking link). With the route's :brand it
 * is that make's page, which exists only when the tenant has a booking address for it (conversion §2.3).
 */
export const ServiceBookingLinks: BlockComponent<'ServiceBookingLinks'> = ({ props, ctx }) => {
  const links = ctx.tenant.serviceBookingLinks;
  const brand = ctx.params.brand;
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  if (brand !== undefined) {
    const link = links.find((l) => slugify(l.make) === brand);
    if (!link) notFound();
    return (
      <section className="container section service-booking" aria-labelledby="service-booking-heading">
        <Heading id="service-booking-heading">
          {(props.heading ?? 'Book a {brand} service').replaceAll('{brand}', link.make)}
        </Heading>
        <p>
          {props.intro ??
            `Book your ${link.make} service online at a time that suits you. The booking site opens in a new tab.`}
        </p>
        <a className={buttonClass('primary')} href={link.url} target="_blank" rel="noopener noreferrer">
          {link.name}
          <span className="visually-hidden"> (opens the booking site)</span>
        </a>
      </section>
    );
  }
  if (!links.length) return null;
  return (
    <section className="container section service-booking" aria-labelledby="service-booking-heading">
      <Heading id="service-booking-heading">
        {(props.heading ?? 'Book your service online').replaceAll('{brand} ', '').replaceAll('{brand}', '')}
      </Heading>
      {props.intro ? <p>{props.intro}</p> : null}
      <ul className={styles.list} role="list">
        {links.map((link) => (
          <li key={`${link.make}-${link.url}`}>
            <a className={buttonClass('outline')} href={`/service/${slugify(link.make)}`}>
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
};
