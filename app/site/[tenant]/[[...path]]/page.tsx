/**
 * Every tenant page: the proxy rewrites <host>/<path> to /site/<slug>/<path>; the engine matches
 * <path> against the tenant's pages and renders the page's blocks (the layout adds header and footer).
 * Rendered on demand and kept for 60 s (stock changes show within a minute); nothing is built
 * ahead, so the build needs no database.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTenant, pageTitle, resolvePage } from '@/engine/tenant-request';
import { renderBlocks } from '@/engine/render-blocks';

export const revalidate = 60;

type Props = { params: Promise<{ tenant: string; path?: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(params: Props['params']) {
  const { tenant: slug, path: segments } = await params;
  const tenant = getTenant(slug);
  if (!tenant) notFound();
  const path = `/${(segments ?? []).map(encodeURIComponent).join('/')}`;
  const resolved = resolvePage(tenant, path);
  if (!resolved) notFound();
  return { tenant, path, resolved };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
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

export default async function TenantPage({ params, searchParams }: Props) {
  const { tenant, path, resolved } = await load(params);
  const base = { tenant, path, params: resolved.params, now: new Date(), searchParams: async () => toSearchParams(await searchParams) };
  return <>{renderBlocks(resolved.page.blocks, base)}</>;
}
