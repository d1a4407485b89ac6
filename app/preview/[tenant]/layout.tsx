/**
 * The Tenant Studio's preview of a site (issue 16), reached only through the proxy's rewrite of
 * `/_preview/<token>/...` on the site's own host: the site's shell around the previewed document,
 * a 403 with a sentence saying why when the token does not allow it (no token, a tampered, expired
 * or another site's one, a version that is gone: app/preview/forbidden.tsx, issue 30 L9), or a
 * sentence for a draft that cannot be shown yet.
 */
import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { headers } from 'next/headers';
import { requestNonce, TenantShell } from '@/app/_tenant/tenant-layout';
import { previewState } from '@/server/page-data/preview-tenant';
import { PreviewLinks } from '@/components/preview/PreviewLinks.client';
import { HeaderFitProbe } from '@/components/preview/HeaderFitProbe.client';
import { studioOriginForPreview } from '@/domain/studio/studio-host';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default async function PreviewLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ tenant: string }>;
}) {
  const state = await previewState((await params).tenant);
  if (state.kind === 'ok')
    return (
      <TenantShell
        tenant={state.tenant}
        now={state.token.at !== undefined ? new Date(state.token.at * 1000) : new Date()}
        nonce={await requestNonce()}
      >
        <PreviewLinks />
        {/* The Studio's header check (issue 32): answers only when the Studio asks, and only to the Studio. */}
        <HeaderFitProbe studioOrigin={studioOriginForPreview((await headers()).get('host'))} />
        {children}
      </TenantShell>
    );
  // Thrown before anything is sent, so the answer's status is 403 (authInterrupts in next.config.ts).
  if (state.kind === 'refused') forbidden();
  // The Studio shows a draft's problems at their fields; here a sentence is enough (issue 32: never a
  // pointer in the preview). The editor normally frames the last complete draft instead.
  return (
    <main className="container page-message" style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem 1rem' }}>
      <h1>This draft cannot be shown yet</h1>
      <p>
        Some fields are not finished. The Tenant Studio marks them; the preview shows the draft again as soon as they
        are complete.
      </p>
    </main>
  );
}
