import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { renderBlocks } from './render-blocks';
import { loadTenantRegistry } from './tenant-registry';
import type { Block } from '../schemas/types.generated';

const entry = [...loadTenantRegistry().tenants.values()].find((t) => t.ok);
if (!entry?.ok) throw new Error('a valid demo tenant is needed');
const base = {
  tenant: { ...entry.config, features: { ...entry.config.features, offers: true, brandsPage: false } },
  path: '/',
  params: {},
  now: new Date('2026-11-22T00:00:00Z'),
  searchParams: async () => new URLSearchParams(),
};

describe('renderBlocks', () => {
  it('renders blocks through the registry, nesting slots', () => {
    const blocks = [
      {
        type: 'Section',
        props: { heading: 'Outer', content: [{ type: 'RichText', props: { html: '<p>Inner text</p>' } }] },
      },
    ] as Block[];
    const html = renderToStaticMarkup(<>{renderBlocks(blocks, base)}</>);
    expect(html).toContain('Outer');
    expect(html).toContain('<p>Inner text</p>');
  });

  it('honours when switches', () => {
    const blocks = [
      { type: 'ComingSoon', when: 'offers', props: { heading: 'Shown when offers on' } },
      { type: 'ComingSoon', when: 'brandsPage', props: { heading: 'Hidden when brands page off' } },
      { type: 'ComingSoon', when: '!brandsPage', props: { heading: 'Shown when brands page off' } },
    ] as Block[];
    const html = renderToStaticMarkup(<>{renderBlocks(blocks, base)}</>);
    expect(html).toContain('Shown when offers on');
    expect(html).not.toContain('Hidden when brands page off');
    expect(html).toContain('Shown when brands page off');
  });

  it('renders nothing for an unknown block type and logs it once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const blocks = [
      { type: 'NoSuchBlock', props: {} },
      { type: 'NoSuchBlock', props: {} },
      { type: 'ComingSoon', props: { heading: 'Still here' } },
    ] as unknown as Block[];
    const html = renderToStaticMarkup(<>{renderBlocks(blocks, base)}</>);
    expect(html).toContain('Still here');
    expect(html).not.toContain('NoSuchBlock');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
