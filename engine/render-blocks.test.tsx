import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderBlocks } from './render-blocks';
import { blockRegistry } from '../blocks/registry';
import { loadTenantRegistry } from './tenant-registry';
import type { BlockContext } from '../blocks/types';
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
    const html = renderToStaticMarkup(<>{renderBlocks(blocks, base, blockRegistry)}</>);
    expect(html).toContain('Outer');
    expect(html).toContain('<p>Inner text</p>');
  });

  it('honours when switches', () => {
    const blocks = [
      { type: 'ComingSoon', when: 'offers', props: { heading: 'Shown when offers on' } },
      { type: 'ComingSoon', when: 'brandsPage', props: { heading: 'Hidden when brands page off' } },
      { type: 'ComingSoon', when: '!brandsPage', props: { heading: 'Shown when brands page off' } },
    ] as Block[];
    const html = renderToStaticMarkup(<>{renderBlocks(blocks, base, blockRegistry)}</>);
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
    const html = renderToStaticMarkup(<>{renderBlocks(blocks, base, blockRegistry)}</>);
    expect(html).toContain('Still here');
    expect(html).not.toContain('NoSuchBlock');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('ctx.searchParams() on the cached tree (/site)', () => {
  /** The context renderBlocks hands the first block it renders. */
  const ctxOf = (node: ReactNode): BlockContext => (node as ReactElement<{ ctx: BlockContext }>[])[0]!.props.ctx;
  const richText = { type: 'RichText', props: { html: '<p>x</p>' } } as Block;
  afterEach(() => vi.unstubAllEnvs());

  it('throws in development when the block did not declare x-reads-request, naming the block and its schema.json', () => {
    vi.stubEnv('NODE_ENV', 'development');
    const ctx = ctxOf(renderBlocks([richText], base, blockRegistry, 'site'));
    expect(() => ctx.searchParams()).toThrow(
      /Block "RichText" called ctx\.searchParams\(\)[\s\S]*declare it in blocks\/RichText\/schema\.json with "x-reads-request"/,
    );
  });

  it('checks blocks in nested slots too', () => {
    vi.stubEnv('NODE_ENV', 'development');
    const section = ctxOf(
      renderBlocks([{ type: 'Section', props: { content: [richText] } } as Block], base, blockRegistry, 'site'),
    );
    expect(() => ctxOf(section.renderBlocks([richText])).searchParams()).toThrow(/Block "RichText"/);
  });

  it('lets a block that declared x-reads-request read it', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const ctx = ctxOf(
      renderBlocks([{ type: 'EnquiryForm', props: { form: 'contact' } } as Block], base, blockRegistry, 'site'),
    );
    await expect(ctx.searchParams()).resolves.toBeInstanceOf(URLSearchParams);
  });

  it('keeps the query string readable in production and on the per-request tree', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    await expect(ctxOf(renderBlocks([richText], base, blockRegistry, 'site')).searchParams()).resolves.toBeInstanceOf(
      URLSearchParams,
    );
    vi.stubEnv('NODE_ENV', 'development');
    await expect(ctxOf(renderBlocks([richText], base, blockRegistry, 'live')).searchParams()).resolves.toBeInstanceOf(
      URLSearchParams,
    );
    await expect(ctxOf(renderBlocks([richText], base, blockRegistry)).searchParams()).resolves.toBeInstanceOf(
      URLSearchParams,
    );
  });
});
