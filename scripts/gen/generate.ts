/**
 * The generated files of `npm run gen`, computed for a project root (the real one, or a scratch
 * copy in tests): schemas/blocks.schema.json, schemas/tenant-layer.schema.json, schemas/studio.schema.json,
 * schemas/types.generated.ts and blocks/block-facts.generated.ts. Writing and --check are scripts/gen-types.ts's business.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import {
  blockFacts,
  blockFactsModule,
  blockSchemaProblems,
  blocksUnionForTypes,
  blocksUnionSchema,
  readBlockSchemas,
} from './block-schemas';
import { pageKindFiles } from './page-kind-routes';
import { LAYER_SCHEMA_FILE, tenantLayerSchema } from './layer-schema';
import { STUDIO_SCHEMA_FILE, studioSchema } from './studio-schema';

type Json = Record<string, unknown>;

/** Names, in the as-written types, of the definitions the resolved tenant type points at. */
const EXTERNAL_TYPES: Record<string, string> = {
  'page.schema.json#/definitions/layout': 'SiteLayout',
  'page.schema.json#/definitions/pages': 'Pages',
  'page.schema.json#/definitions/switch': 'FeatureSwitchCondition',
  'page.schema.json#/definitions/signInGate': 'SignInGate',
  'filter.schema.json': 'StockFilter',
};

/**
 * A `oneOf`/`anyOf` branch's `title` in these files is the Studio's label of that choice, in a site
 * editor's words ("Web address (webhook)"), not a type name: the types leave it out, so a branch
 * stays inline, except the branches named here, which keep their type names.
 */
const BRANCH_LABELLED_FILES = new Set([
  'tenant.schema.json',
  'page.schema.json',
  'filter.schema.json',
  'form.schema.json',
]);
const BRANCH_TYPE_NAMES: Record<string, string> = {
  'form.schema.json#/definitions/destination/oneOf/0': 'WebhookDestination',
  'form.schema.json#/definitions/destination/oneOf/1': 'EmailDestination',
  'form.schema.json#/definitions/destination/oneOf/2': 'AdfDestination',
};

/**
 * Rewrites cross-file $refs into one bundle's definitions, so one compile sees every type once.
 * With `resolved`, every property that has a default becomes required (defaults are filled on
 * load) and references to other files point at the as-written types instead of copying them.
 */
function bundle(schemas: Record<string, Json>, resolved: boolean): Json {
  const rewrite = (node: unknown, self: string, at = ''): unknown => {
    if (Array.isArray(node)) return node.map((n, i) => rewrite(n, self, `${at}/${i}`));
    if (!node || typeof node !== 'object') return node;
    const source = node as Json;
    const out: Json = {};
    const branch = BRANCH_LABELLED_FILES.has(self) && /\/(oneOf|anyOf)\/\d+$/.test(at);
    for (const [key, value] of Object.entries(source)) {
      if (branch && key === 'title') {
        const typeName = BRANCH_TYPE_NAMES[`${self}#${at}`];
        if (typeName) out.title = typeName;
        continue;
      }
      if (key === '$ref' && typeof value === 'string') {
        const [file = '', pointer = ''] = value.split('#');
        const target = file === '' ? self : file;
        const external =
          resolved && target !== self ? EXTERNAL_TYPES[pointer ? `${target}#${pointer}` : target] : undefined;
        if (external) out.tsType = external;
        else out.$ref = `#/definitions/${encodeURIComponent(target)}${pointer}`;
      } else if (key === '$id' || key === '$schema' || key === 'discriminator' || key === '$comment') {
        continue;
      } else if (key === 'properties' && 'discriminator' in source) {
        continue; // the union's branches say everything; the shared `type` is only for ajv
      } else {
        out[key] = rewrite(value, self, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      }
    }
    if (resolved && out.properties && typeof out.properties === 'object') {
      const withDefaults = Object.entries(out.properties as Json)
        .filter(([, p]) => p && typeof p === 'object' && 'default' in (p as Json))
        .map(([k]) => k);
      out.required = [...new Set([...((out.required as string[] | undefined) ?? []), ...withDefaults])];
    }
    return out;
  };
  const definitions: Json = {};
  for (const [id, schema] of Object.entries(schemas)) definitions[encodeURIComponent(id)] = rewrite(schema, id);
  return { title: 'PlatformSchemas', type: 'object', additionalProperties: false, definitions };
}

/** Thrown when a block's schema.json lacks what the Studio or the engine needs; lists every problem. */
export class BlockSchemaError extends Error {
  constructor(readonly problems: string[]) {
    super(`block schemas need attention:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** Generated file (path relative to root) -> its text. */
export async function generate(root: string): Promise<Record<string, string>> {
  const readJson = (path: string): Json => JSON.parse(readFileSync(join(root, path), 'utf8')) as Json;
  const blockFiles = readBlockSchemas(root);
  const problems = blockFiles.flatMap(({ name, schema }) => blockSchemaProblems(name, schema));
  if (problems.length) throw new BlockSchemaError(problems);
  const blocks = blocksUnionSchema(blockFiles);
  const schemas: Record<string, Json> = {
    'tenant.schema.json': readJson('schemas/tenant.schema.json'),
    'page.schema.json': readJson('schemas/page.schema.json'),
    'blocks.schema.json': blocksUnionForTypes(blocks),
    'filter.schema.json': readJson('schemas/filter.schema.json'),
    'feed.schema.json': readJson('schemas/feed.schema.json'),
    'form.schema.json': readJson('schemas/form.schema.json'),
  };
  const banner = '// Generated by `npm run gen` from schemas/*.json and blocks/*/schema.json. Do not edit.';
  const options = {
    bannerComment: '',
    additionalProperties: false,
    maxItems: -1,
    unreachableDefinitions: true,
    strictIndexSignatures: true,
    format: true,
  };
  const asWritten = await compile(bundle(schemas, false) as JSONSchema, 'PlatformSchemas', options);
  // The resolved variant: after defaults are filled every property with a default is present.
  const resolvedBundle = bundle(
    {
      'tenant.schema.json': schemas['tenant.schema.json'] as Json,
      'form.schema.json': schemas['form.schema.json'] as Json,
    },
    true,
  );
  const renamed = JSON.parse(JSON.stringify(resolvedBundle.definitions), (key, value: unknown) =>
    key === 'title' && typeof value === 'string' ? `Resolved${value.replace(/^Resolved/, '')}` : value,
  ) as Json;
  const resolved = await compile(
    {
      title: 'ResolvedPlatformSchemas',
      type: 'object',
      additionalProperties: false,
      definitions: renamed,
    } as JSONSchema,
    'ResolvedPlatformSchemas',
    { ...options, declareExternallyReferenced: true },
  );
  const layer = tenantLayerSchema(schemas['tenant.schema.json'] as Json);
  const studio = studioSchema(
    {
      'tenant.schema.json': schemas['tenant.schema.json'] as Json,
      'page.schema.json': schemas['page.schema.json'] as Json,
      'blocks.schema.json': blocks,
      'filter.schema.json': schemas['filter.schema.json'] as Json,
      'form.schema.json': schemas['form.schema.json'] as Json,
    },
    layer,
  );
  return {
    'schemas/blocks.schema.json': `${JSON.stringify(blocks, null, 2)}\n`,
    [LAYER_SCHEMA_FILE]: `${JSON.stringify(layer, null, 2)}\n`,
    [STUDIO_SCHEMA_FILE]: `${JSON.stringify(studio)}\n`,
    'schemas/types.generated.ts': `${banner}\n\n${asWritten}\n${resolved}`,
    'blocks/block-facts.generated.ts': blockFactsModule(blockFacts(blockFiles)),
    ...pageKindFiles(blockFacts(blockFiles)),
  };
}
