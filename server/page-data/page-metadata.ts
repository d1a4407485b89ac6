import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { MetadataSubject } from '../../blocks/types';
import { openGraph, vehicleDescription } from '../../domain/vehicle-structured-data';
import { vehicleTitle } from '../../domain/vehicle-title';
import { siteModel } from '../../services/models';
import { loadVehicle } from './vehicle-context';
import { loadLocation } from './location-context';
import { siteManufacturers } from './model-context';
import { siteOrigin } from './site-origin';

/** A page's metadata from the car, location or model its route's :slug names; an unknown one is the 404 page. */
type MetadataBuilder = (tenant: ResolvedTenant, slug: string, now: Date) => Promise<Metadata>;

/** A vehicle page: the car's title and description, its canonical URL and the Open Graph card with its photo. */
async function vehicleMetadata(tenant: ResolvedTenant, slug: string, now: Date): Promise<Metadata> {
  const vehicle = await loadVehicle(tenant, slug, now);
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

/** A location page: the location's name and street, canonical at /locations/{slug}. */
async function locationMetadata(tenant: ResolvedTenant, slug: string): Promise<Metadata> {
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

/** A new model's page: make and model, its short description, canonical at /models/{slug}. */
async function modelMetadata(tenant: ResolvedTenant, slug: string): Promise<Metadata> {
  const found = await siteModel(siteManufacturers(tenant), slug);
  if (!found) notFound();
  return {
    title: { absolute: `${found.manufacturer.name} ${found.model.name} | ${tenant.name}` },
    description: found.model.short_description,
    alternates: { canonical: `${siteOrigin(tenant)}/models/${found.model.slug}` },
  };
}

/** The builder for each subject a block can declare as its page's metadata (`x-metadata`). */
export const PAGE_METADATA: Readonly<Record<MetadataSubject, MetadataBuilder>> = {
  vehicle: vehicleMetadata,
  location: locationMetadata,
  model: modelMetadata,
};
