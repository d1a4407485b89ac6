// @ts-check
/**
 * Part of `npm run build`: compiles the operator commands (scripts/cli/commands.mjs) with esbuild into
 * .cli/, one module each plus the chunks they share, so a production install without tsx runs them.
 * npm packages stay outside (they are installed); the project's own code, JSON schemas included, goes in.
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { COMPILED_DIR, OPERATOR_COMMANDS } from './commands.mjs';

rmSync(COMPILED_DIR, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: Object.entries(OPERATOR_COMMANDS).map(([out, file]) => ({ in: file, out })),
  outdir: COMPILED_DIR,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'shared/[name]-[hash]',
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log(`Operator commands compiled to ${COMPILED_DIR}/ in ${Date.now() - started} ms`);
