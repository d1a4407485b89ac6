'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';

// spec: catalogue §9 / conversion §9 — the mobile bottom bar changes style past 900 px of scroll.
export const MOBILE_BAR_SCROLL = 900;

export function MobileBar({ reserveHref, reserveLabel, enquireHref, enquireLabel, phone }: { reserveHref?: string; reserveLabel: string; enquireHref: string; enquireLabel: string; phone?: string }) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > MOBILE_BAR_SCROLL);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <nav className={`mobile-bar${scrolled ? ' mobile-bar--scrolled' : ''}`} aria-label="Quick actions">
      {reserveHref ? (
        <Link className="button button--accent" href={reserveHref}>
          {reserveLabel}
        </Link>
      ) : null}
      <Link className="button button--primary" href={enquireHref}>
        {enquireLabel}
      </Link>
      {phone ? (
        <a className="button button--secondary" href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>
          Call Now
        </a>
      ) : null}
    </nav>
  );
}
