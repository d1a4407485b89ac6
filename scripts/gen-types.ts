/**
 * `npm run gen`: builds schemas/blocks.schema.json from every blocks/<Name>/schema.json, gathers
 * the blocks' facts (x-reads-request, x-form-props, x-metadata...) into
 * blocks/block-facts.generated.ts, and generates TypeScript types from the schemas into
 * schemas/types.generated.ts (see scripts/gen/generate.ts).
 * `npm run gen -- --check` writes nothing and exits 1 when a generated file is stale (CI).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BlockSchemaError, generate } from './gen/generate';

const root = process.cwd();
const check = process.argv.includes('--check');

async function main(): Promise<void> {
  let outputs: Record<string, string>;
  try {
    outputs = await generate(root);
  } catch (error) {
    if (!(error instanceof BlockSchemaError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  let stale = 0;
  for (const [path, text] of Object.entries(outputs)) {
    const current = existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : '';
    if (current === text) continue;
    if (check) {
      console.error(`${path} is out of date with the schemas: run \`npm run gen\` and commit the result.`);
      stale++;
    } else {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
      console.log(`wrote ${path}`);
    }
  }
  if (check && stale === 0) console.log('generated schemas and types are up to date');
  process.exit(stale ? 1 : 0);
}

void main();
