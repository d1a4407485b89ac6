/**
 * A page of the Studio's preview (issue 16): the tenant page of the previewed document, rendered
 * per request like the /live tree, with its blocks marked and point and edit (issue 33) after them.
 * It renders through every block's registry: a draft being edited may hold a block its page's kind
 * cannot show yet, and the editor lists that as a problem while the preview still shows the block.
 * The layout says why when there is nothing to show.
 */
import { headers } from 'next/headers';
import TenantPage, { metadataWith, type TenantPageProps } from '@/app/_tenant/tenant-page';
import { previewNow, previewTenant } from '@/server/page-data/preview-tenant';
import { PreviewBridge } from '@/components/preview/PreviewBridge.client';
import { studioOriginForPreview } from '@/domain/studio/studio-host';
import { blockRegistry } from '@/blocks/registry';

export const dynamic = 'force-dynamic';

export const generateMetadata = metadataWith(previewTenant);

export default async function PreviewTenantPage(props: TenantPageProps) {
  const studioOrigin = studioOriginForPreview((await headers()).get('host'));
  return (
    <TenantPage
      {...props}
      tree="live"
      registry={blockRegistry}
      loadTenant={previewTenant}
      moment={previewNow}
      markBlocks
      after={(route) => <PreviewBridge studioOrigin={studioOrigin} route={route} />}
    />
  );
}
