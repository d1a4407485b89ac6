import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { BlockContext } from '../types';
import { ChatBubble, DEFAULT_CHAT_LABEL } from './ChatBubble';

const entry = loadTenantRegistry().tenants.get('southern-cross-motors');
if (!entry?.ok) throw new Error('the demo tenant southern-cross-motors is needed');
const demo = entry.config as ResolvedTenant;

function render(tenant: ResolvedTenant, props: { label?: string } = {}): string {
  const ctx = {
    tenant,
    path: '/',
    params: {},
    now: new Date('2026-11-22T02:00:00Z'),
    searchParams: async () => new URLSearchParams(),
    renderBlocks: () => null,
  } satisfies BlockContext;
  return renderToStaticMarkup(<>{ChatBubble({ props, ctx })}</>);
}

describe('ChatBubble (conversion §1, §4.8; catalogue §2)', () => {
  it('the demo group site has messaging on: a labelled bubble button that opens a dialog, rendered on the server', () => {
    expect(demo.messaging).toMatchObject({ enabled: true, provider: 'embedded', autobot: true });
    const html = render(demo);
    expect(html).toMatch(/class="[^"]*chat-bubble/);
    expect(html).toContain(`aria-label="${DEFAULT_CHAT_LABEL}"`);
    expect(html).toContain('aria-haspopup="dialog"');
    // The dialog is not in the page until the shopper asks for it.
    expect(html).not.toContain('<dialog');
    expect(render(demo, { label: 'Chat with us' })).toContain('aria-label="Chat with us"');
  });

  it('renders nothing where messaging is off, or where the site has removed its instant-message form', () => {
    expect(render({ ...demo, messaging: { ...demo.messaging, enabled: false } })).toBe('');
    const forms = { ...demo.forms };
    delete forms['instant-message'];
    expect(render({ ...demo, forms })).toBe('');
  });

  it("the instant-message form is tenant data with the 'Instant Message' category (catalogue §2)", () => {
    expect(demo.forms['instant-message']).toMatchObject({ category: 'Instant Message' });
    const names = demo.forms['instant-message']?.fields?.map((f) => f.name);
    expect(names).toEqual(['name', 'phone', 'email', 'message']);
  });
});
