// @ts-check
/**
 * `node scripts/cli/run.mjs <command> [arguments]`, what `npm run <command>` calls for every operator
 * command (scripts/cli/commands.mjs). In a development install the command runs from its TypeScript
 * source through tsx, so an edit counts at once; in a production one (`npm ci --omit=dev`), it runs
 * the copy `npm run build` compiled into .cli/, and says so plainly if there is none yet.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMPILED_DIR, OPERATOR_COMMANDS } from './commands.mjs';

const name = process.argv[2] ?? '';
if (!Object.hasOwn(OPERATOR_COMMANDS, name)) {
  console.error(`Unknown command "${name}". The operator commands: ${Object.keys(OPERATOR_COMMANDS).join(', ')}.`);
  process.exit(2);
}
const source = OPERATOR_COMMANDS[/** @type {keyof typeof OPERATOR_COMMANDS} */ (name)];
// The command reads its own arguments from process.argv.slice(2), as if started directly.
process.argv.splice(2, 1);

/**
 * A development install: the devDependencies are there. tsx alone does not tell: better-auth names
 * vitest as an optional peer, so npm keeps vitest, vite and tsx in an `npm ci --omit=dev` install too.
 * ESLint is only ever a devDependency.
 * @returns {boolean}
 */
function developmentInstall() {
  const require = createRequire(import.meta.url);
  try {
    require.resolve('tsx/esm/api');
    require.resolve('eslint/package.json');
    return true;
  } catch {
    return false;
  }
}

if (developmentInstall()) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(resolve(source)).href);
} else {
  const compiled = resolve(COMPILED_DIR, `${name}.mjs`);
  if (!existsSync(compiled)) {
    console.error(
      `"${name}" has not been compiled yet: run \`npm run build\` first (a production install runs the compiled commands in ${COMPILED_DIR}/).`,
    );
    process.exit(2);
  }
  await import(pathToFileURL(compiled).href);
}
