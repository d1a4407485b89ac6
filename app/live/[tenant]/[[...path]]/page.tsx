/**
 * Tenant pages whose blocks read the query string (the search page: the URL is its state). The
 * proxy sends only those here; each request renders afresh from the search index.
 */
import TenantPage, { generateMetadata, type TenantPageProps } from '@/app/_tenant/tenant-page';

export const dynamic = 'force-dynamic';

export { generateMetadata };

export default function LiveTenantPage(props: TenantPageProps) {
  return <TenantPage {...props} tree="live" />;
}
