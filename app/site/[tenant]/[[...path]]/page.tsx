/**
 * Tenant pages that depend only on the tenant and the path (home, content, vehicle pages): rendered
 * on first request and then served from Next's cache, refreshed at most every 60 s so stock and
 * tenant file changes show within a minute. A site served from a version published in the database
 * is at /site/<slug>~v<version>/ (the proxy names it), so a publish shows on the next view in every
 * process. Nothing is built ahead, so the build needs no database.
 */
import TenantPage, { generateMetadata, type TenantPageProps } from '@/app/_tenant/tenant-page';

export const revalidate = 60;
export const dynamicParams = true;

export function generateStaticParams(): Array<{ tenant: string; path?: string[] }> {
  return [];
}

export { generateMetadata };

export default function CachedTenantPage({ params }: Pick<TenantPageProps, 'params'>) {
  // No query string here: a page that reads it is routed to /live by the proxy.
  return <TenantPage params={params} searchParams={Promise.resolve({})} tree="site" />;
}
