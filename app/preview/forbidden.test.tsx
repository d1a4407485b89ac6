import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createPreviewToken, previewKey } from '@/services/preview-token';
import { PREVIEW_TOKEN_HEADER } from '@/server/http/preview-routing';
import { TENANT_HEADER } from '@/engine/tenant-header';

// Issue 30 L9: the 403 page of a refused preview says why, as the refusal did before, and shows
// nothing of the site.

const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock('next/headers', () => ({ headers: async () => request.headers }));

beforeAll(() => {
  vi.stubEnv('AUTH_SECRET', 'preview-forbidden-test-secret-0123456789');
});

async function page(token: string | undefined, site = 'harbour-city-mazda'): Promise<string> {
  request.headers = new Headers({ [TENANT_HEADER]: site, ...(token ? { [PREVIEW_TOKEN_HEADER]: token } : {}) });
  const { default: PreviewForbidden } = await import('./forbidden');
  return renderToStaticMarkup(await PreviewForbidden());
}

describe('the preview’s 403 page', () => {
  it('says why for each refused token', async () => {
    const key = previewKey();
    const grant = { slug: 'harbour-city-mazda', versionId: 0, sequence: 1 };
    const good = createPreviewToken(grant, key);
    const tampered = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = createPreviewToken(grant, key, new Date(Date.now() - 16 * 60_000));
    const otherSite = createPreviewToken({ ...grant, slug: 'southern-cross-motors' }, key);
    const cases: [string | undefined, string][] = [
      [undefined, 'only when opened from the Tenant Studio'],
      ['abc', 'This preview address is not valid'],
      [tampered, 'This preview address is not valid'],
      [expired, 'This preview has expired'],
      [otherSite, 'This preview belongs to another site'],
    ];
    for (const [token, sentence] of cases) {
      const html = await page(token);
      expect(html, String(token)).toContain('<h1>No preview to show</h1>');
      expect(html, String(token)).toContain(sentence);
    }
  });
});
