import { isSitePath } from './site-path';

/**
 * When a click on one of the platform's links may be taken over by the client router (a soft
 * navigation: the next page's data only, no reload), as Next's own <Link> decides it. Links are plain
 * server-rendered anchors marked with SOFT_LINK_ATTRIBUTE, and one listener per page takes the click
 * over (components/shopper/SoftNavigation.client.tsx): a search page has ~175 links, and a client
 * component for each cost server rendering and hydration on every view (issue 19). Before that
 * listener runs, or wherever the rule says no, the browser follows the link as any other. Pure.
 */

/** The data attribute a link carries when the client router may follow it. */
export const SOFT_LINK_ATTRIBUTE = 'data-soft-link';

export interface LinkClick {
  /** MouseEvent.button: 0 is the main button. */
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** Another handler (a menu, the toast) already handled the click. */
  defaultPrevented: boolean;
  /** The anchor's target attribute, if any. */
  target: string | null;
  /** Whether the anchor has a download attribute. */
  download: boolean;
  /** The anchor's resolved address (HTMLAnchorElement.href). */
  href: string;
  /** The page's own origin (location.origin). */
  origin: string;
}

/**
 * The path (with query and fragment) to hand to the client router, or null to let the browser follow
 * the link: another button or a modifier key (new tab, new window, download), a target other than this
 * frame, a download, another origin, or an address that is not a page path of this site.
 */
export function softNavigationPath(click: LinkClick): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if (click.download) return null;
  if (click.target && click.target.toLowerCase() !== '_self') return null;
  return sitePathOf(click.href, click.origin);
}

/**
 * A resolved link address as a path of this site (path, query and fragment), or null when it leads
 * elsewhere: another origin, another scheme, or nothing a URL parser accepts.
 */
export function sitePathOf(href: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSitePath(path) ? path : null;
}
