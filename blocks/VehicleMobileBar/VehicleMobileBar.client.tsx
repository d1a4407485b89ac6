'use client';

import { IntentLink as Link } from '../../components/shopper/IntentLink';
import { useScrolledPast } from '../../components/shopper/use-scrolled-past';
import { usePublishedHeight } from '../../components/shopper/use-published-height';
import { CHAT_OPEN_EVENT, type ChatCar } from '../../components/shopper/chat-events';
import { buttonClass } from '../../components/ui/button';
import styles from './VehicleMobileBar.module.css';

// spec: catalogue §9 / conversion §9 — the mobile bottom bar changes style past 900 px of scroll.
export const MOBILE_BAR_SCROLL = 900;

export function MobileBar({
  reserveHref,
  reserveLabel,
  instantOfferHref,
  instantOfferLabel,
  enquireHref,
  enquireLabel,
  phone,
  chatCar,
  enquireOpensChat = false,
}: {
  /** The page's car, named for the chat bubble on sites with messaging on. */
  chatCar?: ChatCar;
  /** The middle button opens the chat bubble about chatCar instead of following enquireHref. */
  enquireOpensChat?: boolean;
  reserveHref?: string;
  reserveLabel: string;
  /** Only for a car eligible for an instant offer (conversion §4.2). */
  instantOfferHref?: string;
  instantOfferLabel?: string;
  enquireHref: string;
  enquireLabel: string;
  phone?: string;
}) {
  const scrolled = useScrolledPast(MOBILE_BAR_SCROLL);
  // The compare tray and the chat bubble sit above the bar by its measured height.
  const ref = usePublishedHeight<HTMLElement>('--mobile-bar-height');
  return (
    <nav
      ref={ref}
      className={`${styles.bar} mobile-bar${scrolled ? ` ${styles.scrolled} mobile-bar--scrolled` : ''}`}
      aria-label="Quick actions"
      {...(chatCar ? { 'data-chat-car-id': chatCar.id, 'data-chat-car-title': chatCar.title } : {})}
    >
      {reserveHref ? (
        <Link className={buttonClass('accent')} href={reserveHref}>
          {reserveLabel}
        </Link>
      ) : null}
      {instantOfferHref ? (
        <Link className={buttonClass('secondary')} href={instantOfferHref}>
          {instantOfferLabel}
        </Link>
      ) : null}
      {chatCar && enquireOpensChat ? (
        <button
          type="button"
          className={buttonClass('primary')}
          aria-haspopup="dialog"
          onClick={() => window.dispatchEvent(new CustomEvent<ChatCar>(CHAT_OPEN_EVENT, { detail: chatCar }))}
        >
          {enquireLabel}
        </button>
      ) : (
        <Link className={buttonClass('primary')} href={enquireHref}>
          {enquireLabel}
        </Link>
      )}
      {phone ? (
        <a className={buttonClass('secondary')} href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>
          Call Now
        </a>
      ) : null}
    </nav>
  );
}

// spec: catalogue §2 / §9 — a sticky header after 500 px of scroll.
export const STICKY_HEADER_SCROLL = 500;

/** On wide screens, a slim bar with the car's title, price and enquiry once the page has scrolled past 500 px. */
export function StickyVehicleHeader({
  title,
  price,
  enquireHref,
  enquireLabel,
}: {
  title: string;
  price: string;
  enquireHref: string;
  enquireLabel: string;
}) {
  const shown = useScrolledPast(STICKY_HEADER_SCROLL);
  return (
    <div
      className={`${styles.sticky} vehicle-sticky${shown ? ` ${styles.shown} is-shown` : ''}`}
      aria-hidden={!shown}
      inert={!shown}
    >
      <div className={`container ${styles.inner}`}>
        <p className={styles.title}>{title}</p>
        <p className={styles.price}>{price}</p>
        <Link className={buttonClass('primary')} href={enquireHref}>
          {enquireLabel}
        </Link>
      </div>
    </div>
  );
}
