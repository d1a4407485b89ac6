import { notFound } from 'next/navigation';
import type { BlockContext } from '../../blocks/types';

/** The brand named by the route's :brand (a tenant brand slug); a page for an unknown brand is a 404. */
export function pageBrand(ctx: BlockContext): { name: string; slug: string } | undefined {
  const slug = ctx.params.brand;
  if (slug === undefined) return undefined;
  const brand = ctx.tenant.brands.find((b) => b.slug === slug);
  if (!brand) notFound();
  return brand;
}

/** Fills '{brand}' in a text with the page brand's name (or drops it, with its space, on a page without one). */
export function withBrand(text: string, brand: { name: string } | undefined): string {
  return brand ? text.replaceAll('{brand}', brand.name) : text.replaceAll('{brand} ', '').replaceAll('{brand}', '');
}
