import { IntentLink as Link } from '../../components/shopper/IntentLink';
import type { BlockComponent } from '../types';
import { isSwitchedOn } from '../../domain/switches';
import { footerColumns } from '../../domain/menus/footer-columns';
import { bookingAwareHref } from '../../domain/locations/service-booking';
import { bookingSources } from '../../server/page-data/locations-data';
import styles from './SiteFooter.module.css';

export const SiteFooter: BlockComponent<'SiteFooter'> = ({ props, ctx }) => {
  const { tenant, now } = ctx;
  const { features } = tenant;
  const columns = footerColumns(tenant.menus.header, tenant.menus.footer, {
    repeatHeader: tenant.menus.footerRepeatsHeader,
    linksHeading: tenant.menus.footerLinksHeading,
  }).filter((column) => isSwitchedOn(column.when, features));
  const contact = tenant.contact;
  const booking = bookingSources(tenant);
  const address = contact?.address;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        {columns.map((column, index) => {
          const links = column.links.filter((link) => isSwitchedOn(link.when, features));
          if (!links.length) return null;
          // By position: two columns may share a heading, and a heading may match another id on the page.
          const id = `footer-column-${index}`;
          return (
            <nav key={`${index}:${column.heading}`} aria-labelledby={id} className="footer__column">
              <h2 id={id}>{column.heading}</h2>
              <ul role="list">
                {links.map((link, position) => (
                  <li key={`${position}:${link.href}`}>
                    <Link href={bookingAwareHref(link, booking) ?? link.href}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          );
        })}
        {props.showContact !== false && contact ? (
          <section aria-labelledby="footer-contact" className="footer__column">
            <h2 id="footer-contact">Contact {tenant.name}</h2>
            <address>
              <a href={`tel:${contact.phone.replace(/[^0-9+]/g, '')}`}>{contact.phone}</a>
              {contact.email ? (
                <>
                  <br />
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </>
              ) : null}
              {address ? (
                <>
                  <br />
                  {address.street}
                  <br />
                  {address.city} {address.state} {address.postcode}
                </>
              ) : null}
            </address>
          </section>
        ) : null}
      </div>
      <div className={`container ${styles.legal}`}>
        {tenant.legal.disclaimer ? <p>{tenant.legal.disclaimer}</p> : null}
        {tenant.legal.dealerLicence ? <p>Dealer licence {tenant.legal.dealerLicence}</p> : null}
        <p>
          © {now.getFullYear()} {tenant.name}
          {tenant.legal.abn ? ` · ABN ${tenant.legal.abn}` : ''}
          {tenant.legal.footerText ? ` · ${tenant.legal.footerText}` : ''}
        </p>
      </div>
    </footer>
  );
};
