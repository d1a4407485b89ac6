/**
 * Tenant shell: applies the tenant's theme (CSS variables) and fonts. Reached only through the
 * proxy's rewrite; the page below renders the header, page blocks and footer.
 */
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { getTenant } from '@/engine/tenant-request';
import { themeStyle } from '@/engine/theme';
import { FONTS } from '@/app/fonts';

export default async function TenantLayout({ children, params }: { children: ReactNode; params: Promise<{ tenant: string }> }) {
  const { tenant: slug } = await params;
  const tenant = getTenant(slug);
  if (!tenant) notFound();
  const fonts = [...new Set([tenant.theme.font, tenant.theme.headingFont])].map((f) => FONTS[f].variable).join(' ');
  return (
    <div className={`site ${fonts}`} style={themeStyle(tenant.theme)} data-tenant={tenant.slug}>
      {children}
    </div>
  );
}
