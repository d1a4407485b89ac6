import { describe, expect, it, vi } from 'vitest';
import {
  getAccessFallbackHTTPStatus,
  isHTTPAccessFallbackError,
} from 'next/dist/client/components/http-access-fallback/http-access-fallback';
import type { PreviewState } from '@/server/page-data/preview-tenant';
import nextConfig from '@/next.config';

// Issue 30 L9: a preview the token does not allow answered 200 with a sentence; it is a 403 now,
// with the same sentence (app/preview/forbidden.tsx), and nothing of the draft.

const state = vi.hoisted(() => ({ current: undefined as PreviewState | undefined }));
vi.mock('@/server/page-data/preview-tenant', () => ({ previewState: async () => state.current }));
vi.mock('@/app/_tenant/tenant-layout', () => ({ TenantShell: ({ children }: { children: unknown }) => children }));
vi.mock('@/components/preview/PreviewLinks.client', () => ({ PreviewLinks: () => null }));

const { default: PreviewLayout } = await import('./layout');

// next build inlines this from experimental.authInterrupts; forbidden() refuses to run without it.
vi.stubEnv('__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS', nextConfig.experimental?.authInterrupts ? 'true' : '');

async function statusOf(preview: PreviewState): Promise<number> {
  state.current = preview;
  try {
    await PreviewLayout({ children: 'the draft', params: Promise.resolve({ tenant: 'harbour-city-mazda' }) });
    return 200;
  } catch (error) {
    if (isHTTPAccessFallbackError(error)) return getAccessFallbackHTTPStatus(error);
    throw error;
  }
}

describe('the preview layout', () => {
  it('answers 403 for every token the preview refuses: missing, tampered, another site’s, expired, gone', async () => {
    for (const message of [
      'This address shows a preview only when opened from the Tenant Studio.',
      'This preview address is not valid. Open the preview again from the Tenant Studio.',
      'This preview belongs to another site. Open the preview again from the Tenant Studio.',
      'This preview has expired. The Tenant Studio opens a fresh one with every change.',
      'The version this preview showed is no longer there. Open the preview again from the Tenant Studio.',
    ])
      expect(await statusOf({ kind: 'refused', message }), message).toBe(403);
  });

  it('shows a draft with problems to its editor (a 200 listing them)', async () => {
    expect(await statusOf({ kind: 'invalid', issues: [] })).toBe(200);
  });
});
