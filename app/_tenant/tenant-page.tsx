/**
 * Every tenant page, shared by the two internal route trees the proxy rewrites to: /site (cached)
 * and /live (per request, for pages whose blocks read the query string). The engine matches the
 * path against the tenant's pages and renders the page's blocks; the layout adds header and footer.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTenant, pageTitle, resolvePage } from '@/engine/tenant-request';
import { renderBlocks } from '@/engine/render-blocks';

export type TenantPageProps = { params: Promise<{ tenant: string; path?: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(params: TenantPageProps['params']) {
  const { tenant: slug, path: segments } = await params;
  const tenant = getTenant(slug);
  if (!tenant) notFound();
  const path = `/${(segments ?? []).map(encodeURIComponent).join('/')}`;
  const resolved = resolvePage(tenant, path);
  if (!resolved) notFound();
  return { tenant, path, resolved };
}

export async function generateMetadata({ params }: TenantPageProps): Promise<Metadata> {
  const { tenant, resolved } = await load(params);
  return {
    title: { absolute: pageTitle(resolved.page, tenant) },
    description: resolved.page.description,
  };
}

function toSearchParams(record: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(record)) for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(key, v);
  return out;
}

export default async function TenantPage({ params, searchParams }: TenantPageProps) {
  const { tenant, path, resolved } = await load(params);
  const base = { tenant, path, params: resolved.params, now: new Date(), searchParams: async () => toSearchParams(await searchParams) };
  return <>{renderBlocks(resolved.page.blocks, base)}</>;
}
