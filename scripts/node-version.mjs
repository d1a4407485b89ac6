// @ts-check
/**
 * The Node.js version the platform needs, checked before a server or CLI starts: on an older Node
 * (the machine's own Node 20, say) it stops with a message naming both versions instead of crashing
 * later on a missing API or a native module built for another Node. Plain JavaScript, so
 * scripts/serve.mjs can use it with no TypeScript loader.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @param {string} version @returns {[number, number, number] | undefined} */
function parse(version) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/**
 * The lowest version an `engines.node` range of the form `>=X.Y.Z` allows, or undefined for any other
 * form (then nothing is checked here; npm still reads the range).
 * @param {string} range
 */
export function lowestAllowed(range) {
  const match = /^\s*>=\s*v?(\d+\.\d+\.\d+)\s*$/.exec(range);
  return match?.[1];
}

/**
 * The message for a Node.js version older than the one needed, or undefined when it is new enough.
 * @param {string} found such as `v20.20.2` (process.version)
 * @param {string} needed such as `24.21.0`
 */
export function nodeVersionProblem(found, needed) {
  const have = parse(found);
  const want = parse(needed);
  if (!want) return undefined;
  const tooOld =
    !have ||
    have[0] < want[0] ||
    (have[0] === want[0] && (have[1] < want[1] || (have[1] === want[1] && have[2] < want[2])));
  if (!tooOld) return undefined;
  return (
    `This platform needs Node.js ${needed} or newer; this is Node.js ${found.replace(/^v/, '')}. ` +
    `Start it with npm (\`npm start\`, \`npm run demo\`, \`npm run <script>\`): once \`npm ci\` has installed the ` +
    `project's dependencies, npm runs the project's own Node.js ${needed}. Or install Node.js ${needed} ` +
    'yourself (.nvmrc and .node-version name it).'
  );
}

/**
 * Stops the process (exit code 1) with a clear message when the running Node.js is older than
 * package.json's `engines.node` allows.
 */
export function exitOnOldNode() {
  // Beside this file's folder in the repository; from the operator commands compiled into .cli/
  // (scripts/cli/build.mjs) that is elsewhere, and npm runs them in the project's folder.
  const file = [fileURLToPath(new URL('../package.json', import.meta.url)), join(process.cwd(), 'package.json')].find(
    (candidate) => existsSync(candidate),
  );
  if (!file) return;
  /** @type {{ engines?: { node?: string } }} */
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const needed = lowestAllowed(manifest.engines?.node ?? '');
  const problem = needed ? nodeVersionProblem(process.version, needed) : undefined;
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
