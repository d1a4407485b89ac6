import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_TENANTS, tenantGet } from './helpers';

// The server under test reads TENANTS_DIR=test-results/extra-tenants (playwright.config.ts).
const dir = 'test-results/extra-tenants';
const file = join(dir, 'broken-motors.json');

test.afterEach(() => rmSync(file, { force: true }));

test('an invalid tenant in TENANTS_DIR is reported by validate and leaves the others serving', async ({ request }) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      {
        schemaVersion: 2,
        slug: 'broken-motors',
        name: 'Broken Motors',
        template: 'franchise',
        feautres: { offers: true },
      },
      null,
      2,
    ),
  );

  let output = '';
  let code = 0;
  try {
    output = execFileSync('npx', ['tsx', 'scripts/validate.ts'], {
      env: { ...process.env, TENANTS_DIR: dir },
      encoding: 'utf8',
    });
  } catch (error) {
    const failure = error as { status: number; stdout: string };
    code = failure.status;
    output = failure.stdout;
  }
  expect(code).toBe(1);
  expect(output).toContain('INVALID  test-results/extra-tenants/broken-motors.json');
  expect(output).toContain('/feautres: unknown key "feautres"; did you mean "features"?');

  const broken = await tenantGet(request, 'broken-motors');
  expect(broken.status()).toBe(503);
  expect(await broken.text()).toContain('temporarily unavailable');
  for (const tenant of DEMO_TENANTS) {
    const response = await tenantGet(request, tenant.slug);
    expect(response.status(), tenant.slug).toBe(200);
  }
});
