/**
 * The shopper's page routes, one per page kind and tree (issue 34): app/site/[tenant]/<kind>/… is
 * cached (rendered on first request, refreshed at most every 60 s; a page that reads the query
 * string is routed to /live by the proxy), app/live/[tenant]/<kind>/… is rendered per request.
 * `npm run gen` writes those route modules; each renders through its kind's registry only, so Next
 * gives each kind's pages only its own blocks' scripts and styles. The proxy picks the route from
 * the page's kind (engine/page-kinds.ts).
 */
import TenantPage, { type TenantPageProps } from '@/app/_tenant/tenant-page';
import type { BlockRegistry } from '@/blocks/types';
import type { PageKind } from '@/engine/page-kinds';

/** A cached tree's page of one kind: no query string (a page that reads it is routed to /live). */
export function cachedKindPage(kind: PageKind, registry: BlockRegistry) {
  return function CachedTenantPage({ params }: Pick<TenantPageProps, 'params'>) {
    return (
      <TenantPage params={params} searchParams={Promise.resolve({})} tree="site" kind={kind} registry={registry} />
    );
  };
}

/** A per-request tree's page of one kind (blocks that read the query string: the search page, prefilled forms). */
export function liveKindPage(kind: PageKind, registry: BlockRegistry) {
  return function LiveTenantPage(props: TenantPageProps) {
    return <TenantPage {...props} tree="live" kind={kind} registry={registry} />;
  };
}
