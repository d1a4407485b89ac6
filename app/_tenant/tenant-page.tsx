/**
 * Every tenant page, shared by the two internal route trees the proxy rewrites to: /site (cached)
 * and /live (per request, for pages whose blocks read the query string). The engine matches the
 * path against the tenant's pages and renders the page's blocks; the layout adds header and footer.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTenant, pageTitle, resolvePage } from '@/engine/tenant-request';
import { renderBlocks } from '@/engine/render-blocks';
import { enforcePageGate } from '@/server/page-data/page-gate';
import { loadVehicle } from '@/server/page-data/vehicle-context';
import { loadLocation } from '@/server/page-data/location-context';
import { siteManufacturers } from '@/server/page-data/model-context';
import { siteModel } from '@/services/models';
import { siteOrigin } from '@/server/page-data/site-origin';
import { openGraph, vehicleDescription } from '@/domain/vehicle-structured-data';
import { vehicleTitle } from '@/domain/vehicle-title';

export type TenantPageProps = {
  params: Promise<{ tenant: string; path?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

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
  const slug = resolved.params.slug;
  if (resolved.page.metadata === 'vehicle' && slug) {
    const vehicle = await loadVehicle(tenant, slug, new Date());
    if (!vehicle) notFound();
    const origin = siteOrigin(tenant);
    const options = {
      url: `${origin}/cars/${vehicle.car.slug}`,
      siteName: tenant.name,
      currency: tenant.locale.currency,
      imageBase: origin,
      vehicleWord: tenant.vehicleWord,
    };
    return {
      title: { absolute: `${vehicleTitle(vehicle.car)} | ${tenant.name}` },
      description: vehicleDescription(vehicle.car, options),
      alternates: { canonical: options.url },
      openGraph: openGraph(vehicle.car, options),
    };
  }
  if (resolved.page.metadata === 'location' && slug) {
    const found = await loadLocation(tenant, slug);
    if (!found) notFound();
    const { location } = found;
    const place = [location.address?.street, location.address?.city].filter(Boolean).join(', ');
    return {
      title: { absolute: `${location.name} | ${tenant.name}` },
      description: `${location.name}${place ? `, ${place}` : ''}: address, phone, opening hours and directions.`,
      alternates: { canonical: `${siteOrigin(tenant)}/locations/${location.slug}` },
    };
  }
  if (resolved.page.metadata === 'model' && slug) {
    const found = await siteModel(siteManufacturers(tenant), slug);
    if (!found) notFound();
    return {
      title: { absolute: `${found.manufacturer.name} ${found.model.name} | ${tenant.name}` },
      description: found.model.short_description,
      alternates: { canonical: `${siteOrigin(tenant)}/models/${found.model.slug}` },
    };
  }
  return {
    title: { absolute: pageTitle(resolved.page, tenant, resolved.params) },
    description: resolved.page.description,
  };
}

function toSearchParams(record: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(record))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(key, v);
  return out;
}

export default async function TenantPage({ params, searchParams }: TenantPageProps) {
  const { tenant, path, resolved } = await load(params);
  const now = new Date();
  await enforcePageGate(tenant, resolved, path, toSearchParams(await searchParams), now);
  const base = {
    tenant,
    path,
    params: resolved.params,
    now,
    searchParams: async () => toSearchParams(await searchParams),
  };
  return <>{renderBlocks(resolved.page.blocks, base)}</>;
}
