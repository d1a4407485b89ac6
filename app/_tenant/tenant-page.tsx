/**
 * Every tenant page, shared by the two internal route trees the proxy rewrites to: /site (cached)
 * and /live (per request, for pages whose blocks read the query string). The engine matches the
 * path against the tenant's pages and renders the page's blocks; the layout adds header and footer.
 * A page's title and description are its own, unless one of its blocks declares (`x-metadata`)
 * that the page is about the route's car, location or model.
 */
import { Fragment, type ReactNode } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageTitle, resolvePage, tenantFromParam, type TenantConfig } from '@/engine/tenant-request';
import { pageMetadataSubject } from '@/engine/resolve-page';
import { renderBlocks, type BlockTree } from '@/engine/render-blocks';
import { enforcePageGate } from '@/server/page-data/page-gate';
import { PAGE_METADATA } from '@/server/page-data/page-metadata';
import { factsOf } from '@/engine/block-facts';
import { pageKind, type PageKind } from '@/engine/page-kinds';
import type { BlockRegistry } from '@/blocks/types';

export type TenantPageProps = {
  params: Promise<{ tenant: string; path?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * Which document a tree renders for its tenant segment: the version the site serves (the /site and
 * /live trees), or the Studio's preview of a draft (app/preview, server/page-data/preview-tenant.ts).
 */
export type TenantLoader = (segment: string) => TenantConfig | undefined | Promise<TenantConfig | undefined>;

async function load(params: TenantPageProps['params'], loadTenant: TenantLoader = tenantFromParam) {
  const { tenant: segment, path: segments } = await params;
  const tenant = await loadTenant(segment);
  if (!tenant) notFound();
  const path = `/${(segments ?? []).map(encodeURIComponent).join('/')}`;
  const resolved = resolvePage(tenant, path);
  if (!resolved) notFound();
  return { tenant, path, resolved };
}

/** A tree's generateMetadata over its loader. */
export const metadataWith =
  (loadTenant: TenantLoader) =>
  async ({ params }: TenantPageProps): Promise<Metadata> => {
    const { tenant, resolved } = await load(params, loadTenant);
    const slug = resolved.params.slug;
    const subject = pageMetadataSubject(resolved.page);
    if (subject && slug) return PAGE_METADATA[subject](tenant, slug, new Date());
    return {
      title: { absolute: pageTitle(resolved.page, tenant, resolved.params) },
      description: resolved.page.description,
    };
  };

export const generateMetadata = metadataWith(tenantFromParam);

function toSearchParams(record: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(record))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(key, v);
  return out;
}

const misrouted = new Set<string>();

/** A tenant page; `tree` is the internal tree rendering it: /site (cached: no block may read the query string) or /live. */
export default async function TenantPage({
  params,
  searchParams,
  tree,
  registry,
  kind,
  loadTenant,
  moment,
  markBlocks = false,
  after,
}: TenantPageProps & {
  tree: BlockTree;
  /** The blocks this route renders: its page kind's (issue 34), or every block (the Studio's preview). */
  registry: BlockRegistry;
  /** The page kind this route renders; a page of another kind is logged (the proxy routes by kind). */
  kind?: PageKind;
  loadTenant?: TenantLoader;
  /** The moment to render at (the Studio's "Preview as of", issue 32); now unless given. */
  moment?: (segment: string) => Promise<Date>;
  /**
   * The Studio's preview (issues 32 and 33): an empty mark before each of the page's blocks,
   * `#studio-block-<index>` with the block's name, so the preview can outline, select and scroll to
   * blocks; and what the preview adds after the blocks (point and edit), given the page's route pattern.
   */
  markBlocks?: boolean;
  after?: (route: string) => ReactNode;
}) {
  const { tenant, path, resolved } = await load(params, loadTenant);
  if (kind && pageKind(resolved.page) !== kind && !misrouted.has(`${tenant.slug}:${resolved.pattern}`)) {
    misrouted.add(`${tenant.slug}:${resolved.pattern}`);
    console.error(
      `tenant "${tenant.slug}": page ${resolved.pattern} is a ${pageKind(resolved.page) ?? 'refused'} page but was rendered by the ${kind} route`,
    );
  }
  const now = moment ? await moment((await params).tenant) : new Date();
  await enforcePageGate(tenant, resolved, path, toSearchParams(await searchParams), now);
  const base = {
    tenant,
    path,
    params: resolved.params,
    now,
    searchParams: async () => toSearchParams(await searchParams),
  };
  if (!markBlocks) return <>{renderBlocks(resolved.page.blocks, base, registry, tree)}</>;
  // An empty inline mark takes no room in the page's flow (a zero-height line), so the preview's
  // layout is the public page's.
  return (
    <>
      {(resolved.page.blocks ?? []).map((block, index) => (
        <Fragment key={block.id ?? `${block.type}@${index}`}>
          <span
            id={`studio-block-${index}`}
            data-studio-block={index}
            data-studio-label={factsOf(block.type)?.title ?? block.type}
          />
          {renderBlocks([block], base, registry, tree)}
        </Fragment>
      ))}
      {after?.(resolved.pattern)}
    </>
  );
}
