/**
 * Tenant shell, reached only through the proxy's rewrite: applies the tenant's theme (CSS
 * variables) and fonts, and renders the template's layout blocks (header before, footer after)
 * around every page, including the tenant's own 404 page.
 */
import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { tenantFromParam, type TenantConfig } from '@/engine/tenant-request';
import { renderBlocks } from '@/engine/render-blocks';
import { registry as layoutRegistry } from '@/blocks/kinds/layout.generated';
import { themeStyle } from '@/engine/theme';
import { FONTS } from '@/app/fonts';
import { fallbackCss, WEB_FONTS } from '@/domain/fonts/fallback-faces';
import { ShopperProviders } from '@/components/shopper/Providers.client';
import { EARLY_TAPS_SCRIPT } from '@/components/shopper/early-taps';
import { headers } from 'next/headers';
import { nonceOfPolicy } from '@/server/http/document-cache/document';

export async function generateMetadata({ params }: { params: Promise<{ tenant: string }> }): Promise<Metadata> {
  const tenant = tenantFromParam((await params).tenant);
  if (!tenant) return {};
  return {
    title: { default: tenant.name, template: `%s | ${tenant.name}` },
    icons: tenant.logo ? { icon: tenant.logo.src } : undefined,
  };
}

type LayoutProps = { children: ReactNode; params: Promise<{ tenant: string }> };

/** The cached tree's shell: the same HTML for everyone, its inline script allowed by its hash. */
export default async function TenantLayout({ children, params }: LayoutProps) {
  // `<slug>` or `<slug>~v<version>`: the proxy names the published version (engine/resolve-host.ts).
  const tenant = tenantFromParam((await params).tenant);
  if (!tenant) notFound();
  return <TenantShell tenant={tenant}>{children}</TenantShell>;
}

/** The per-request tree's shell: its inline script carries the request's nonce. */
export async function LiveTenantLayout({ children, params }: LayoutProps) {
  const tenant = tenantFromParam((await params).tenant);
  if (!tenant) notFound();
  return (
    <TenantShell tenant={tenant} nonce={await requestNonce()}>
      {children}
    </TenantShell>
  );
}

/** The script nonce of this request's policy (the proxy sets it on pages rendered per request). */
export async function requestNonce(): Promise<string | undefined> {
  return nonceOfPolicy((await headers()).get('content-security-policy') ?? undefined);
}

/** The tenant's theme, fonts, header and footer around a page (also the Studio's preview of a draft). */
export function TenantShell({
  tenant,
  children,
  now = new Date(),
  nonce,
}: {
  tenant: TenantConfig;
  children: ReactNode;
  /** The moment the header and footer render at (the Studio's "Preview as of"); now unless given. */
  now?: Date;
  /** The request's script nonce, on pages rendered per request (cached pages list the script's hash). */
  nonce?: string | undefined;
}) {
  const used = [...new Set([tenant.theme.font, tenant.theme.headingFont])];
  const fonts = used.map((f) => FONTS[f].variable).join(' ');
  const base = { tenant, path: '', params: {}, now, searchParams: async () => new URLSearchParams() };
  return (
    <div className={`site ${fonts}`} style={themeStyle(tenant.theme)} data-tenant={tenant.slug}>
      {/* First, so a tap before the page hydrates is kept and made again after (issue 34). */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_TAPS_SCRIPT }} />
      {/* The metric-matched fallback faces the font stacks name (app/fonts.ts), for this site's fonts only. */}
      <style>{fallbackCss(used.map((f) => WEB_FONTS[f]))}</style>
      <ShopperProviders>
        <a className="skip-link" href="#main-content">
          Skip to content
        </a>
        {renderBlocks(tenant.layout?.header, base, layoutRegistry)}
        <main id="main-content" tabIndex={-1}>
          {children}
        </main>
        {renderBlocks(tenant.layout?.footer, base, layoutRegistry)}
      </ShopperProviders>
    </div>
  );
}
