/**
 * Tenant pages that depend only on the tenant and the path (home, content, vehicle pages): rendered
 * on first request and then served from Next's cache, refreshed at most every 60 s so stock and
 * tenant file changes show within a minute. A site served from a version published in the database
 * is at /site/<slug>~v<version>/ (the proxy names it), so a publish shows on the next view in every
 * process. Nothing is built ahead, so the build needs no database.
 */
import TenantPage, { generateMetadata, type TenantPageProps } from '@/app/_tenant/tenant-page';
import { parseTenantSegment } from '@/engine/resolve-host';

export const revalidate = 60;
export const dynamicParams = true;

export function generateStaticParams(): Array<{ tenant: string; path?: string[] }> {
  return [];
}

export { generateMetadata };

/** The query a page cached per query was keyed on (`~q` in the tenant segment), as Next hands search params over. */
async function keyedQuery(params: TenantPageProps['params']): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(parseTenantSegment((await params).tenant)?.query ?? ''))
    (out[name] ??= []).push(value);
  return out;
}

export default function CachedTenantPage({ params }: Pick<TenantPageProps, 'params'>) {
  // Never the request's own query string: a page that reads it is either routed to /live by the
  // proxy, or (reading only the query, issue 19) cached under the normalised query in its segment.
  return <TenantPage params={params} searchParams={keyedQuery(params)} tree="site" />;
}
