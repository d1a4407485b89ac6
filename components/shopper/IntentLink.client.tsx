'use client';
import Link from 'next/link';
// The router's own context, as next/link reads it: useRouter() throws where no app router is mounted
// (a block rendered on its own, in tests), and a link must still render there.
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { useContext, type ComponentProps, type FocusEvent, type MouseEvent, type TouchEvent } from 'react';
import { isSitePath, onSiteHref } from '../../domain/site-path';

type IntentLinkProps = Omit<ComponentProps<typeof Link>, 'prefetch' | 'href'> & { href: string };

/**
 * A link that fetches its page ahead only when the shopper shows intent: pointer over it, keyboard
 * focus on it, or a finger on it. Next's default prefetches every link that scrolls into view: on
 * a search page that was ~20 vehicle pages, the header's pages and far pagination pages per view,
 * multiplying server work and holding the browser's connections busy (issue 14). The platform's
 * links all go through this one. Only this site's own paths are fetched ahead (isSitePath), and an
 * href written like a path that a browser would read as another site ('/\evil.example',
 * '//evil.example') is rendered on this site instead (onSiteHref).
 */
export function IntentLink({ href, onMouseEnter, onFocus, onTouchStart, ...rest }: IntentLinkProps) {
  const router = useContext(AppRouterContext);
  const prefetch = () => {
    // Prefetching never blocks or fails a click.
    if (router && isSitePath(href)) router.prefetch(href);
  };
  return (
    <Link
      {...rest}
      href={onSiteHref(href)}
      prefetch={false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        prefetch();
        onMouseEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        prefetch();
        onFocus?.(event);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        prefetch();
        onTouchStart?.(event);
      }}
    />
  );
}
