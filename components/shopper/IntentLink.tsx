import type { AnchorHTMLAttributes } from 'react';
import { onSiteHref } from '../../domain/site-path';
import { SOFT_LINK_ATTRIBUTE } from '../../domain/soft-navigation';

type IntentLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string };

/**
 * The platform's link: a plain anchor, rendered on the server or in a client component alike, that
 * the page's one SoftNavigation listener follows with the client router (no reload) and fetches
 * ahead only when the shopper shows intent: pointer over it, keyboard focus on it, or a finger on it.
 * Next's <Link> is a client component per link; a search page has ~175 links, and each one cost
 * server rendering and hydration on every view (issue 19). Next's default of prefetching every link
 * that scrolls into view multiplied server work (issue 14); the listener never does. Before the
 * page's script runs, the browser follows the link as any other. An href written like a path that a
 * browser would read as another site ('/\evil.example', '//evil.example') is rendered on this site
 * instead (onSiteHref), and only this site's own paths are ever fetched ahead or followed softly
 * (domain/soft-navigation.ts).
 */
export function IntentLink({ href, ...rest }: IntentLinkProps) {
  return <a {...rest} href={onSiteHref(href)} {...{ [SOFT_LINK_ATTRIBUTE]: '' }} />;
}
