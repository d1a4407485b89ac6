import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PageDoc } from '../editor-types';
import {
  addPage,
  blockPointer,
  blockSummary,
  insertBlock,
  listTitle,
  moveBlock,
  newBlock,
  pageList,
  pagePointer,
  parseWhen,
  previewPath,
  removeBlock,
  removePage,
  replaceBlock,
  resetToTemplate,
  restorePage,
  ROUTE_PATTERN,
  routeProblem,
  updatePage,
  whenText,
  withOwnCopy,
  type InheritedPages,
  type OwnPages,
  reducePages,
  type PageAction,
} from './pages-model';

/** Deeply frozen, so a function that changes its arguments throws. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) frozen(child);
    Object.freeze(value);
  }
  return value;
}

const home: PageDoc = {
  title: '{site}',
  description: 'Quality used cars.',
  blocks: [
    { type: 'Hero', id: 'hero', props: { heading: 'Quality used cars' } },
    { type: 'PromotionsSlider', props: {} },
  ],
};
const inherited: InheritedPages = frozen({
  '/': home,
  '/contact': { title: 'Contact | {site}', blocks: [{ type: 'EnquiryForm', props: { form: 'contact' } }] },
  '/cars/:slug': { title: 'Car', blocks: [] },
  '/search/:refinement?/:model?': { title: 'Search', blocks: [] },
});

describe('pageList', () => {
  it('lists inherited pages, home first, then by route', () => {
    const list = pageList(undefined, inherited);
    expect(list.map((e) => e.route)).toEqual(['/', '/cars/:slug', '/contact', '/search/:refinement?/:model?']);
    expect(list.every((e) => e.status === 'inherited')).toBe(true);
    expect(list[0]).toMatchObject({ route: '/', title: '{site}', page: home });
  });

  it('marks overridden, own and removed pages', () => {
    const own: OwnPages = frozen({
      '/': { title: 'Welcome', blocks: [] },
      '/contact': null,
      '/about-us': { title: 'About us', blocks: [] },
    });
    const byRoute = Object.fromEntries(pageList(own, inherited).map((e) => [e.route, e]));
    expect(byRoute['/']?.status).toBe('overridden');
    expect(byRoute['/']?.title).toBe('Welcome');
    expect(byRoute['/contact']?.status).toBe('removed');
    expect(byRoute['/contact']?.page).toBe(inherited['/contact']);
    expect(byRoute['/about-us']?.status).toBe('own');
    expect(byRoute['/cars/:slug']?.status).toBe('inherited');
  });

  it('merges an overridden page the way the engine does: own keys win, blocks replace, others inherited', () => {
    const blocks = [{ type: 'RichText', props: { html: '<p>Hi</p>' } }];
    const own: OwnPages = frozen({ '/': { title: 'Welcome', blocks } });
    const page = pageList(own, inherited)[0]?.page;
    expect(page).toEqual({ title: 'Welcome', description: 'Quality used cars.', blocks });
    // The tenant's blocks keep their identity (the editor memoises per block on it).
    expect(page?.blocks).toBe(blocks);
  });

  it('shows a null for a route the template no longer has as removed, so it can be cleared', () => {
    const list = pageList({ '/gone': null }, inherited);
    expect(list.find((e) => e.route === '/gone')).toMatchObject({ status: 'removed', title: '/gone' });
  });
});

describe('page operations', () => {
  it('copies an inherited page into the tenant’s pages on the first edit, without sharing objects', () => {
    const own = withOwnCopy(undefined, inherited, '/');
    expect(own['/']).toEqual(home);
    expect(own['/']).not.toBe(home);
    expect(own['/']?.blocks?.[0]).not.toBe(home.blocks?.[0]);
  });

  it('keeps an existing copy, filling in what it leaves out from the template', () => {
    const mine: OwnPages = frozen({ '/': { title: 'Welcome', blocks: [] } });
    expect(withOwnCopy(mine, inherited, '/')['/']).toEqual({
      title: 'Welcome',
      description: 'Quality used cars.',
      blocks: [],
    });
  });

  it('updatePage changes the copy and leaves the arguments alone', () => {
    const before: OwnPages = frozen({ '/about-us': { title: 'About', blocks: [] } });
    const after = updatePage(before, inherited, '/', (page) => ({ ...page, title: 'Home of {site}' }));
    expect(after['/']).toMatchObject({ title: 'Home of {site}', description: 'Quality used cars.' });
    expect(after['/about-us']).toBe(before['/about-us']);
    expect(before['/']).toBeUndefined();
  });

  it('resets to the template, dropping pages when nothing is left', () => {
    const own: OwnPages = frozen({ '/': { title: 'Welcome', blocks: [] } });
    expect(resetToTemplate(own, '/')).toBeUndefined();
    expect(resetToTemplate({ ...own, '/x': { title: 'X', blocks: [] } }, '/')).toEqual({
      '/x': { title: 'X', blocks: [] },
    });
  });

  it('removes an inherited page with null and deletes an own page', () => {
    expect(removePage(undefined, inherited, '/contact')).toEqual({ '/contact': null });
    expect(removePage(frozen({ '/': { title: 'W', blocks: [] } }), inherited, '/')).toEqual({ '/': null });
    expect(removePage(frozen({ '/about-us': { title: 'A', blocks: [] } }), inherited, '/about-us')).toBeUndefined();
  });

  it('restores a removed page', () => {
    expect(restorePage(frozen({ '/contact': null }), '/contact')).toBeUndefined();
    const own: OwnPages = frozen({ '/contact': null, '/x': { title: 'X', blocks: [] } });
    expect(restorePage(own, '/contact')).toEqual({ '/x': { title: 'X', blocks: [] } });
    expect(restorePage(own, '/x')).toEqual(own);
  });
});

describe('addPage', () => {
  it('adds a page of this site only, with no blocks', () => {
    const result = addPage(undefined, inherited, '/about-us', ' About us | {site} ');
    expect(result).toEqual({ ok: true, own: { '/about-us': { title: 'About us | {site}', blocks: [] } } });
  });

  it.each([
    ['', 'Enter the page’s address'],
    ['about', 'starts with /'],
    ['/about/', 'Remove the / at the end'],
    ['/about//us', '//'],
    ['/About', 'lower-case'],
    ['/about us', 'spaces'],
    ['/offers/$', 'cannot be part of an address'],
    ['/:a/:a', 'only once'],
    ['/cars/:slug?/print', 'optional'],
  ])('refuses the route %j', (route, words) => {
    const result = addPage(undefined, inherited, route, 'Title');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.field).toBe('route');
      expect(result.problem).toContain(words);
    }
  });

  it('refuses a taken, removed or equivalent route, and an empty title', () => {
    expect(addPage(undefined, inherited, '/contact', 'C')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('already has'),
    });
    expect(addPage({ '/contact': null }, inherited, '/contact', 'C')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('restore it'),
    });
    expect(addPage(undefined, inherited, '/cars/:id', 'C')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('/cars/:slug'),
    });
    expect(addPage(undefined, inherited, '/new', '  ')).toMatchObject({ ok: false, field: 'title' });
  });

  it('accepts what the schema accepts', () => {
    for (const route of ['/', '/a', '/blog/trade-in-tips', '/offers/:slug', '/search/:type?', '/v1.2/x_y'])
      expect(routeProblem(route)).toBeUndefined();
  });

  it('uses the route pattern of page.schema.json', () => {
    const schema = JSON.parse(readFileSync(new URL('../../../schemas/page.schema.json', import.meta.url), 'utf8')) as {
      definitions: { pages: { propertyNames: { pattern: string } } };
    };
    expect(ROUTE_PATTERN.source).toBe(new RegExp(schema.definitions.pages.propertyNames.pattern).source);
  });
});

describe('paths and pointers', () => {
  it('gives the preview a path only for a route it can open', () => {
    expect(previewPath('/')).toBe('/');
    expect(previewPath('/contact')).toBe('/contact');
    expect(previewPath('/search/:refinement?/:model?')).toBe('/search');
    expect(previewPath('/cars/:slug')).toBeUndefined();
  });

  it('encodes routes in pointers', () => {
    expect(pagePointer('/')).toBe('/pages/~1');
    expect(blockPointer('/cars/:slug', 2)).toBe('/pages/~1cars~1:slug/blocks/2');
  });
});

describe('block lists', () => {
  const list = frozen(['a', 'b', 'c', 'd']);

  it('moves', () => {
    expect(moveBlock(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveBlock(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveBlock(list, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveBlock(list, 9, 0)).toEqual(list);
    expect(moveBlock(list, 1, 1)).not.toBe(list);
  });

  it('inserts, removes and replaces', () => {
    expect(insertBlock(list, 1, 'x')).toEqual(['a', 'x', 'b', 'c', 'd']);
    expect(insertBlock(list, 4, 'x')).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(insertBlock(list, -3, 'x')).toEqual(['x', 'a', 'b', 'c', 'd']);
    expect(removeBlock(list, 2)).toEqual(['a', 'b', 'd']);
    expect(replaceBlock(list, 0, 'z')).toEqual(['z', 'b', 'c', 'd']);
  });

  it('makes a new block with empty props', () => {
    expect(newBlock('Hero')).toEqual({ type: 'Hero', props: {} });
    expect(newBlock('Hero')).not.toBe(newBlock('Hero'));
  });

  it('summarises a block by its heading or first words', () => {
    expect(blockSummary({ type: 'Hero', props: { heading: 'Quality used cars' } })).toBe('Quality used cars');
    expect(blockSummary({ type: 'RichText', props: { html: '<p>Start the <b>engine</b></p>' } })).toBe(
      'Start the engine',
    );
    expect(blockSummary({ type: 'X', id: 'latest', props: {} })).toBe('#latest');
    expect(blockSummary({ type: 'X', props: {} })).toBe('');
    expect(blockSummary({ type: 'X', props: { heading: 'a'.repeat(200) } })).toHaveLength(80);
  });

  it('reads and writes a when condition', () => {
    expect(whenText(undefined)).toBe('');
    expect(whenText(['offers', '!eofySale'])).toBe('offers, !eofySale');
    expect(parseWhen('  ')).toBeUndefined();
    expect(parseWhen('offers')).toBe('offers');
    expect(parseWhen('offers, !eofySale')).toEqual(['offers', '!eofySale']);
  });
});

describe('listTitle: page titles in the pages list (issue 32: words, not placeholders)', () => {
  it('drops the site name every title ends with, writes it in elsewhere, and names a brand page', () => {
    expect(listTitle('About us | {site}', 'Harbour City Mazda')).toBe('About us');
    expect(listTitle('{site}: new Mazda, demo and used cars', 'Harbour City Mazda')).toBe(
      'Harbour City Mazda: new Mazda, demo and used cars',
    );
    expect(listTitle('{brand} | {site}', 'Harbour City Mazda')).toBe('(brand)');
    expect(listTitle('Warranty', 'Harbour City Mazda')).toBe('Warranty');
    expect(listTitle('{site}', 'Harbour City Mazda')).toBe('Harbour City Mazda');
  });
});

describe('reducePages: the Pages tab’s operations as actions (issue 32)', () => {
  const run = (own: OwnPages | undefined, action: PageAction) => reducePages(own, inherited, action);

  it('adds a page of this site, and leaves the pages alone when the route is taken', () => {
    expect(run(undefined, { type: 'add-page', route: '/about-us', title: 'About us' })).toEqual({
      '/about-us': { title: 'About us', blocks: [] },
    });
    const own: OwnPages = frozen({ '/about-us': { title: 'About', blocks: [] } });
    expect(run(own, { type: 'add-page', route: '/about-us', title: 'Again' })).toBe(own);
  });

  it('sets a title, copying the template’s page in first', () => {
    expect(run(undefined, { type: 'set-title', route: '/', title: 'Welcome to {site}' })).toEqual({
      '/': { ...home, title: 'Welcome to {site}' },
    });
  });

  it('keeps an emptied description as "" where the template has one, and drops it where not', () => {
    expect(run(undefined, { type: 'set-description', route: '/', text: '' })?.['/']?.description).toBe('');
    const own: OwnPages = frozen({ '/about-us': { title: 'About', description: 'Old', blocks: [] } });
    expect(run(own, { type: 'set-description', route: '/about-us', text: '' })?.['/about-us']).toEqual({
      title: 'About',
      blocks: [],
    });
    expect(run(own, { type: 'set-description', route: '/about-us', text: 'New' })?.['/about-us']?.description).toBe(
      'New',
    );
  });

  it('sets a page’s kind, and drops it again to leave the kind to the page’s blocks (issue 34)', () => {
    const own: OwnPages = frozen({ '/about-us': { title: 'About', blocks: [] } });
    const declared = run(own, { type: 'set-kind', route: '/about-us', kind: 'form' });
    expect(declared?.['/about-us']).toEqual({ title: 'About', blocks: [], kind: 'form' });
    expect(run(declared, { type: 'set-kind', route: '/about-us', kind: undefined })?.['/about-us']).toEqual({
      title: 'About',
      blocks: [],
    });
    // An inherited page is copied in with its kind.
    expect(run(undefined, { type: 'set-kind', route: '/', kind: 'content' })?.['/']?.kind).toBe('content');
  });

  it('resets, removes and restores pages', () => {
    const own: OwnPages = frozen({ '/': { title: 'Mine', blocks: [] } });
    expect(run(own, { type: 'reset-page', route: '/' })).toBeUndefined();
    expect(run(own, { type: 'remove-page', route: '/contact' })).toEqual({ ...own, '/contact': null });
    expect(run(frozen({ '/contact': null }), { type: 'restore-page', route: '/contact' })).toBeUndefined();
  });

  it('inserts, moves, replaces and removes blocks of an inherited page, each once', () => {
    const text = { type: 'Text', props: { html: '<p>Hi</p>' } };
    const inserted = run(undefined, { type: 'insert-block', route: '/', at: 1, block: text });
    expect(inserted?.['/']?.blocks?.map((b) => b.type)).toEqual(['Hero', 'Text', 'PromotionsSlider']);
    const moved = run(inserted, { type: 'move-block', route: '/', from: 1, to: 0 });
    expect(moved?.['/']?.blocks?.map((b) => b.type)).toEqual(['Text', 'Hero', 'PromotionsSlider']);
    const replaced = run(moved, { type: 'replace-block', route: '/', index: 0, block: { ...text, props: {} } });
    expect(replaced?.['/']?.blocks?.[0]).toEqual({ type: 'Text', props: {} });
    const removed = run(replaced, { type: 'remove-block', route: '/', index: 0 });
    expect(removed?.['/']?.blocks).toEqual(home.blocks);
    // The template's page and the arguments are never changed.
    expect(inherited['/']?.blocks?.map((b) => b.type)).toEqual(['Hero', 'PromotionsSlider']);
    expect(inserted?.['/']?.blocks).toHaveLength(3);
  });

  it('answers the pages unchanged for a block position out of range (no copy of the template’s page)', () => {
    const block = { type: 'Text', props: {} };
    for (const action of [
      { type: 'move-block', route: '/', from: 5, to: 0 },
      { type: 'remove-block', route: '/', index: 9 },
      { type: 'replace-block', route: '/', index: -1, block },
    ] satisfies PageAction[])
      expect(run(undefined, action)).toBeUndefined();
  });
});
