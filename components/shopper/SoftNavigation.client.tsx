'use client';
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { startTransition, useContext, useEffect } from 'react';
import { SOFT_LINK_ATTRIBUTE, sitePathOf, softNavigationPath } from '../../domain/soft-navigation';

/** The platform link (IntentLink) an event happened in, if any. */
function softLinkOf(event: Event): HTMLAnchorElement | null {
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const link = target.closest(`a[${SOFT_LINK_ATTRIBUTE}]`);
  return link instanceof HTMLAnchorElement ? link : null;
}

/**
 * One listener per page for every platform link (components/shopper/IntentLink.tsx): a click the
 * rule allows (domain/soft-navigation.ts) goes to the client router, as Next's <Link> would send it;
 * a pointer over a link, keyboard focus on it or a finger on it fetches its page ahead. The listeners
 * sit on the window, so they run after every React handler on the page (React listens on its root),
 * and a handler that prevented the click's default keeps it. The router's own context is read, as
 * next/link reads it: where no app router is mounted, links stay plain links.
 */
export function SoftNavigation() {
  const router = useContext(AppRouterContext);
  useEffect(() => {
    if (!router) return;
    let hovered: HTMLAnchorElement | null = null;
    const onIntent = (event: Event) => {
      const link = softLinkOf(event);
      if (event.type === 'mouseover') {
        // mouseover fires for every child the pointer crosses: one prefetch per link entered.
        if (link === hovered) return;
        hovered = link;
      }
      if (!link) return;
      const path = sitePathOf(link.href, window.location.origin);
      // Prefetching never blocks or fails a click.
      if (path) router.prefetch(path);
    };
    const onClick = (event: MouseEvent) => {
      const link = softLinkOf(event);
      if (!link) return;
      const path = softNavigationPath({
        button: event.button,
        metaKey: event.metaKey,
        ctrlKey: event.ctrlKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        defaultPrevented: event.defaultPrevented,
        target: link.getAttribute('target'),
        download: link.hasAttribute('download'),
        href: link.href,
        origin: window.location.origin,
      });
      if (!path) return;
      event.preventDefault();
      startTransition(() => router.push(path));
    };
    const passive = { passive: true } as const;
    window.addEventListener('click', onClick);
    window.addEventListener('mouseover', onIntent, passive);
    window.addEventListener('focusin', onIntent, passive);
    window.addEventListener('touchstart', onIntent, passive);
    return () => {
      window.removeEventListener('click', onClick);
      window.removeEventListener('mouseover', onIntent);
      window.removeEventListener('focusin', onIntent);
      window.removeEventListener('touchstart', onIntent);
    };
  }, [router]);
  return null;
}
