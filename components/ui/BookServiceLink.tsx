import { isExternalBooking } from '../../domain/locations/service-booking';

/**
 * 'Book a Service' (catalogue §2): a page of this site, or the dealer's booking system, which opens
 * in a new tab (and says so to screen readers) so the shopper keeps the dealer's site.
 */
export function BookServiceLink({ href, className }: { href: string; className: string }) {
  return isExternalBooking(href) ? (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      Book a Service<span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <a className={className} href={href}>
      Book a Service
    </a>
  );
}
