import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../services/db/test-database';

const env: NodeJS.ProcessEnv = {
  ...process.env,
  // One new database of the project's kind for the file: the tests build on each other's accounts.
  DATABASE_URL: await freshDatabaseUrl(),
  AUTH_SECRET: 'studio-cli-test-secret-0123456789abcdef',
  TENANTS_DIR: '',
  STUDIO_HOST: '',
  ALLOW_LOCALHOST_TENANTS: '1',
  PORT: '3456',
};

// Node with tsx's loader directly: npx would add a second start-up to every call.
const studio = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/studio.ts', ...args], { env, encoding: 'utf8' });

// Each test starts the CLI up to three times; a busy machine needs more than the default.
describe('npm run studio (issue 16: staff accounts)', { timeout: 120_000 }, () => {
  it('explains what add-user needs, and refuses unknown options', () => {
    const result = studio('add-user', '--role', 'admin', '--colour', 'blue');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('studio add-user: unknown option "--colour"');
    expect(result.stderr).toContain('studio add-user: --email is required');
    expect(result.stderr).toContain('usage:');
  });

  it('refuses an unknown group or site, naming the known ones, and an option given twice', () => {
    const group = studio(
      'add-user',
      '--email',
      'g@studio.example',
      '--role',
      'group-editor',
      '--group',
      'northern-star',
    );
    expect(group.status).toBe(1);
    expect(group.stderr).toContain('unknown dealer group "northern-star"; known groups: southern-cross');
    const site = studio(
      'add-user',
      '--email',
      's@studio.example',
      '--role',
      'site-editor',
      '--site',
      'nope',
      '--role',
      'x',
    );
    expect(site.status).toBe(1);
    expect(site.stderr).toContain('--role is given twice');
    const unknownSite = studio(
      'add-user',
      '--email',
      's@studio.example',
      '--role',
      'site-editor',
      '--site',
      'harbour-city',
    );
    expect(unknownSite.status).toBe(1);
    expect(unknownSite.stderr).toMatch(
      /unknown site "harbour-city"; known sites: .*harbour-city-mazda.*ridgeline-motorcycles/,
    );
  });

  it('creates a site editor, refuses the same address twice, and lists the accounts', () => {
    const created = studio(
      'add-user',
      '--email',
      'Site@Studio.Example',
      '--role',
      'site-editor',
      '--site',
      'harbour-city-mazda',
      '--password',
      'a long staff password',
      '--name',
      'Sam Site',
    );
    expect(created.stderr).not.toContain('studio add-user');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain(
      'created site-editor site@studio.example (Sam Site): may edit sites harbour-city-mazda; signs in with a password or a code by e-mail',
    );
    const again = studio(
      'add-user',
      '--email',
      'site@studio.example',
      '--role',
      'group-editor',
      '--group',
      'southern-cross',
    );
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('a staff account for site@studio.example already exists');
    const list = studio('list-users');
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(
      /site@studio\.example {2}site-editor {2}sites harbour-city-mazda {2}password or e-mail code/,
    );
  });

  it('prints the Studio address and the demo sign-ins for npm run demo', () => {
    const result = studio('demo-sign-in');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Tenant Studio: http://studio.localhost:3456/');
    expect(result.stdout).toContain('group@studio.example  group-editor  may edit groups southern-cross');
    expect(result.stdout).toContain('demo password: studio-demo-password');
  });
});
