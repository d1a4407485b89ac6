import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BlockSchemaError, generate } from './generate';
import { blockSchemaProblems, readBlockSchemas } from './block-schemas';
import { blockFacts as realFacts } from '../../blocks/block-facts.generated';
import { blockReadsRequest, formProps, metadataSubject, type FactTable } from '../../engine/block-facts';
import type { Block } from '../../schemas/types.generated';

const repo = process.cwd();
const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the project's gen inputs (schemas and every block's schema.json), plus the given block folders. */
function projectWith(blocks: Record<string, Record<string, unknown>>): string {
  const root = mkdtempSync(join(tmpdir(), 'gen-'));
  scratch.push(root);
  cpSync(join(repo, 'blocks'), join(root, 'blocks'), {
    recursive: true,
    filter: (src) => statSync(src).isDirectory() || src.endsWith('schema.json'),
  });
  mkdirSync(join(root, 'schemas'));
  for (const name of ['tenant', 'page', 'filter', 'feed', 'form'])
    cpSync(join(repo, 'schemas', `${name}.schema.json`), join(root, 'schemas', `${name}.schema.json`));
  for (const [name, schema] of Object.entries(blocks)) {
    mkdirSync(join(root, 'blocks', name));
    writeFileSync(join(root, 'blocks', name, 'schema.json'), JSON.stringify(schema, null, 2));
    writeFileSync(
      join(root, 'blocks', name, `${name}.tsx`),
      `import type { BlockComponent } from '../types';\n\nexport const ${name}: BlockComponent<'${name}'> = ({ props }) => <p>{props.mode}</p>;\n`,
    );
  }
  return root;
}

const throwaway = {
  title: 'Throwaway banner',
  description: 'A block made up by a test.',
  'x-category': 'content',
  'x-reads-request': { prop: 'mode', equals: 'query' },
  'x-query-only': true,
  'x-form-props': ['form'],
  'x-metadata': 'vehicle',
  'x-page-kinds': ['content', 'search'],
  type: 'object',
  properties: {
    mode: { title: 'Mode', description: 'Where the banner finds its car.', type: 'string', enum: ['query', 'none'] },
    form: { title: 'Form', description: 'The form the banner opens.', type: 'string' },
    link: {
      title: 'Link',
      description: 'A link under the banner.',
      type: 'object',
      properties: { href: { title: 'Link address', description: 'Where the link leads.', type: 'string' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

type Json = Record<string, unknown>;

describe('adding a block touches only its folder and the registry line', () => {
  it('gen gathers a new block folder into the facts, the Studio schema and the types', async () => {
    const root = projectWith({ Throwaway: throwaway });
    const out = await generate(root);

    // The facts the engine reads: routing, form checks and page metadata need no other edit.
    const factsPath = join(root, 'blocks', 'block-facts.generated.ts');
    writeFileSync(factsPath, out['blocks/block-facts.generated.ts'] ?? '');
    const { blockFacts } = (await import(factsPath)) as { blockFacts: FactTable };
    expect(blockFacts.Throwaway).toEqual({
      title: 'Throwaway banner',
      category: 'content',
      readsRequest: { prop: 'mode', equals: 'query' },
      queryOnly: true,
      formProps: ['form'],
      metadata: 'vehicle',
      pageKinds: ['content', 'search'],
    });
    const block = (props: Json) => ({ type: 'Throwaway', props }) as unknown as Block;
    expect(blockReadsRequest(block({ mode: 'query' }), blockFacts)).toBe(true);
    expect(blockReadsRequest(block({ mode: 'none' }), blockFacts)).toBe(false);
    expect(formProps('Throwaway', blockFacts)).toEqual(['form']);
    expect(metadataSubject('Throwaway', blockFacts)).toBe('vehicle');
    // ...and every other block's facts are what they were.
    const { Throwaway: _added, ...others } = blockFacts;
    expect(others).toEqual(realFacts);

    // The Studio's labels and help text, in the block union it reads.
    const union = JSON.parse(out['schemas/blocks.schema.json'] ?? '{}') as { oneOf: Json[] };
    const branch = union.oneOf.find((b) => (b.properties as { type: { const: string } }).type.const === 'Throwaway');
    expect(branch).toMatchObject({ title: 'Throwaway banner', description: 'A block made up by a test.' });
    const props = (branch?.properties as { props: Json }).props;
    expect(props).toMatchObject({ title: 'Throwaway banner', 'x-category': 'content' });
    expect(props.properties).toMatchObject({
      mode: { title: 'Mode', description: 'Where the banner finds its car.' },
      form: { title: 'Form', description: 'The form the banner opens.' },
      link: {
        title: 'Link',
        description: 'A link under the banner.',
        properties: { href: { title: 'Link address', description: 'Where the link leads.' } },
      },
    });

    // Issue 34: the routes of the kinds it lists render it, and no other route loads its code.
    expect(out['blocks/kinds/content.generated.ts']).toContain("import { Throwaway } from '../Throwaway/Throwaway';");
    expect(out['blocks/kinds/search.generated.ts']).toContain('  Throwaway,');
    for (const kind of ['vehicle', 'layout', 'form'])
      expect(out[`blocks/kinds/${kind}.generated.ts`], kind).not.toContain('Throwaway');
    expect(out['app/site/[tenant]/search/[[...path]]/page.tsx']).toContain(
      "export default cachedKindPage('search', registry);",
    );
    expect(out['app/live/[tenant]/vehicle/[[...path]]/page.tsx']).toContain("export const dynamic = 'force-dynamic';");

    // The types the registry line is checked against.
    const types = out['schemas/types.generated.ts'] ?? '';
    expect(types).toContain('export interface ThrowawayBlock {');
    expect(types).toContain('  type: "Throwaway";');
    expect(types).toMatch(/export interface ThrowawayProps \{[^}]*mode\?: "query" \| "none";/);
    expect(types).toMatch(/\| ThrowawayBlock[;\n]/);
  });

  it('refuses a block whose props have no Studio label, saying which and where', async () => {
    const unlabelled = {
      ...throwaway,
      properties: { ...throwaway.properties, mode: { type: 'string' } },
    };
    const root = projectWith({ Throwaway: unlabelled });
    const error = await generate(root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockSchemaError);
    expect((error as BlockSchemaError).problems).toEqual([
      'blocks/Throwaway/schema.json/properties/mode: add a "title" (the field\'s label in the Studio)',
      'blocks/Throwaway/schema.json/properties/mode: add a "description" (help text for the person editing the site)',
    ]);
  });
});

describe('block schemas', () => {
  it('give the Studio a title and description for every block and every prop, and well-formed facts', () => {
    const blocks = readBlockSchemas(repo);
    expect(blocks.length).toBeGreaterThan(50);
    for (const { name, schema } of blocks) expect(blockSchemaProblems(name, schema), name).toEqual([]);
  });

  it('reports missing labels on nested props and malformed facts', () => {
    const problems = blockSchemaProblems('Broken', {
      description: 'No title.',
      'x-category': 'misc',
      'x-reads-request': { prop: 'nope', equals: 'query' },
      'x-form-props': ['form'],
      'x-metadata': 'page',
      'x-query-only': 'yes',
      'x-reads-requests': true,
      'x-page-kinds': ['content', 'shop', 'content'],
      type: 'object',
      properties: {
        links: {
          title: 'Links',
          description: 'Links.',
          type: 'array',
          items: { type: 'object', properties: { href: { title: 'Address', type: 'string' } } },
        },
      },
    });
    expect(problems).toEqual([
      'blocks/Broken/schema.json: add a "title" (the block\'s name in the Studio, e.g. "Hero banner")',
      'blocks/Broken/schema.json: unknown fact "x-reads-requests"; facts are x-category, x-reads-request, x-query-only, x-form-props, x-metadata, x-page-kinds',
      'blocks/Broken/schema.json: "x-category" must be one of layout, content, search, vehicle, forms, finance, locations, models, account',
      'blocks/Broken/schema.json: "x-metadata" must be one of vehicle, location, model',
      'blocks/Broken/schema.json: "x-page-kinds" must list the kinds of page the block may go on (some of content, search, form, location, model, account, checkout, vehicle, each once), or be "every" for a block the header, the footer and every page may hold, or "layout" for one only the header and footer hold',
      'blocks/Broken/schema.json: x-reads-request: "prop" must name one of the block\'s props (links)',
      'blocks/Broken/schema.json: "x-query-only" must be true, beside an "x-reads-request" (it says how the block reads it)',
      'blocks/Broken/schema.json: "x-form-props" must list some of the block\'s props (links)',
      'blocks/Broken/schema.json/properties/links/items/properties/href: add a "description" (help text for the person editing the site)',
    ]);
  });
});
