/**
 * The document a Studio preview renders (issue 16), for the internal /preview tree. The proxy puts
 * the token of a `/_preview/<token>/...` request in a header only it sets; here the token is
 * checked (signed by this platform, for this very site, not expired) and the version it names is
 * read from the tenant store and loaded exactly as the engine loads a published version. Without
 * a good token nothing of a draft is rendered.
 */
import { cache } from 'react';
import { headers } from 'next/headers';
import { loadTenantDocument, loadTenantRegistry, type TenantConfig } from '@/engine/tenant-registry';
import type { ValidationIssue } from '@/schemas/validation-messages';
import { previewKey, readPreviewToken, type PreviewToken } from '@/services/preview-token';
import { getTenantStore } from '@/services/tenant-store';
import { PREVIEW_TOKEN_HEADER } from '@/server/http/preview-routing';
import { TENANT_HEADER } from '@/engine/tenant-header';

export type PreviewState =
  | { kind: 'ok'; tenant: TenantConfig; token: PreviewToken }
  | { kind: 'refused'; message: string }
  | { kind: 'invalid'; issues: ValidationIssue[] };

const REFUSALS = {
  missing: 'This address shows a preview only when opened from the Tenant Studio.',
  malformed: 'This preview address is not valid. Open the preview again from the Tenant Studio.',
  tampered: 'This preview address is not valid. Open the preview again from the Tenant Studio.',
  'other-site': 'This preview belongs to another site. Open the preview again from the Tenant Studio.',
  expired: 'This preview has expired. The Tenant Studio opens a fresh one with every change.',
  gone: 'The version this preview showed is no longer there. Open the preview again from the Tenant Studio.',
} as const;

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The preview of site `slug` this request may show (once per request: layout, page and metadata share it). */
export const previewState = cache(async (slug: string): Promise<PreviewState> => {
  const text = (await headers()).get(PREVIEW_TOKEN_HEADER);
  if (!text) return { kind: 'refused', message: REFUSALS.missing };
  const check = readPreviewToken(text, slug, previewKey());
  if (!check.ok) return { kind: 'refused', message: REFUSALS[check.reason] };
  const { token } = check;
  const store = getTenantStore();
  // The document: the site's last complete draft (issue 32: its draft is incomplete), a draft, or
  // (version 0) what the site serves now (its published version, else its file).
  const document = token.snapshot
    ? (await store.previewSnapshot(slug))?.document
    : token.versionId === 0
      ? undefined
      : await store.version(token.versionId).then((version) => (version?.slug === slug ? version.document : undefined));
  const entry =
    !token.snapshot && token.versionId === 0
      ? loadTenantRegistry().tenants.get(slug)
      : document === undefined
        ? undefined
        : loadTenantDocument(parsed(document), { slug, file: `studio preview: ${slug}`, edited: true });
  if (!entry) return { kind: 'refused', message: REFUSALS.gone };
  if (!entry.ok) return { kind: 'invalid', issues: entry.issues };
  return { kind: 'ok', tenant: entry.config, token };
});

/** The preview tree's tenant loader: the previewed document, or undefined (the layout says why). */
export async function previewTenant(slug: string): Promise<TenantConfig | undefined> {
  const state = await previewState(slug);
  return state.kind === 'ok' ? state.tenant : undefined;
}

/**
 * The moment the preview renders the site at: the token's "Preview as of" (issue 32), else now. Offers,
 * promotions and anything else dated follow it.
 */
export async function previewNow(slug: string): Promise<Date> {
  const state = await previewState(slug);
  return state.kind === 'ok' && state.token.at !== undefined ? new Date(state.token.at * 1000) : new Date();
}

/**
 * Why this request's preview is refused, for the preview tree's 403 page (app/preview/forbidden.tsx,
 * issue 30 L9): the forbidden page has no params, so the site comes from the header the proxy set.
 */
export async function previewRefusal(): Promise<string> {
  const slug = (await headers()).get(TENANT_HEADER);
  const state = slug ? await previewState(slug) : undefined;
  return state?.kind === 'refused' ? state.message : REFUSALS.missing;
}
