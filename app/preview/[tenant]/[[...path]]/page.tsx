/**
 * A page of the Studio's preview (issue 16): the tenant page of the previewed document, rendered
 * per request like the /live tree. The layout says why when there is nothing to show.
 */
import TenantPage, { metadataWith, type TenantPageProps } from '@/app/_tenant/tenant-page';
import { previewNow, previewTenant } from '@/server/page-data/preview-tenant';

export const dynamic = 'force-dynamic';

export const generateMetadata = metadataWith(previewTenant);

export default function PreviewTenantPage(props: TenantPageProps) {
  return <TenantPage {...props} tree="live" loadTenant={previewTenant} moment={previewNow} markBlocks />;
}
