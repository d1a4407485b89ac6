import type { ResolvedTenant } from '../../schemas/types.generated';

/** The tenant's public origin: its site URL, else its first domain, else its development address. */
export function siteOrigin(tenant: ResolvedTenant): string {
  if (tenant.contact?.siteUrl) return tenant.contact.siteUrl.replace(/\/+$/, '');
  const domain = tenant.domains[0];
  return domain ? `https://${domain}` : `http://${tenant.slug}.localhost:${process.env.PORT ?? '3000'}`;
}
