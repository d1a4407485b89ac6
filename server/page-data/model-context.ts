import { cache } from 'react';
import { notFound } from 'next/navigation';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { BlockContext } from '../../blocks/types';
import { siteModel, type SiteModel } from '../../services/models';

/** The manufacturers whose models a site shows: its own list, else its brands. */
export function siteManufacturers(tenant: ResolvedTenant): string[] {
  return tenant.models.manufacturers ?? tenant.brands.map((brand) => brand.slug);
}

const loadModel = cache(async (tenant: ResolvedTenant, slug: string): Promise<SiteModel | undefined> =>
  siteModel(siteManufacturers(tenant), slug),
);

/** The model of a model page (route :slug), once per request for every block; unknown is a 404. */
export async function pageModel(ctx: BlockContext): Promise<SiteModel> {
  const slug = ctx.params.slug;
  const found = slug ? await loadModel(ctx.tenant, slug) : undefined;
  if (!found) notFound();
  return found;
}

/** The model named by ?model_id= (order-now page), or undefined. */
export async function queryModel(tenant: ResolvedTenant, slug: string | null): Promise<SiteModel | undefined> {
  return slug && /^[a-z0-9-]{1,120}$/.test(slug) ? loadModel(tenant, slug) : undefined;
}

/** Body type names for the filter and cards (conversion §9 body types). */
export const BODY_LABELS: Readonly<Record<string, string>> = {
  '4x4': '4x4',
  bus: 'Bus',
  cabChassis: 'Cab Chassis',
  convertible: 'Convertible',
  coupe: 'Coupe',
  ev: 'Electric',
  hardtop: 'Hardtop',
  hatch: 'Hatch',
  hatchback: 'Hatchback',
  motorhome: 'Motorhome',
  lightTruck: 'Light Truck',
  peopleMover: 'People Mover',
  prestige: 'Prestige',
  sedan: 'Sedan',
  softtop: 'Soft Top',
  suv: 'SUV',
  ute: 'Ute',
  van: 'Van',
  wagon: 'Wagon',
  stationWagon: 'Station Wagon',
};
