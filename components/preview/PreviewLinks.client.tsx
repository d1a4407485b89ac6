'use client';
/**
 * Keeps the Studio's preview in the preview (issue 16): a click on a link to another page of the
 * site goes to that page's preview (`/_preview/<token>/<path>`), not to the public page, which the
 * Studio's frame may not show. Rendered only in the preview tree; dealer sites never load it.
 */
import { useEffect } from 'react';

const PREFIX = '/_preview/';

export function PreviewLinks() {
  useEffect(() => {
    const here = window.location.pathname;
    if (!here.startsWith(PREFIX)) return;
    const token = here.slice(PREFIX.length).split('/')[0];
    if (!token) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname.startsWith(PREFIX)) return;
      event.preventDefault();
      event.stopPropagation();
      // A full navigation on purpose: the proxy must see the preview address (the router would not).
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`${PREFIX}${token}${url.pathname}${url.search}${url.hash}`);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  return null;
}
