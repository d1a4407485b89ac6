/** Prints the development address of every tenant that validates (used by `npm run demo`). */
import { loadTenantRegistry } from '../engine/tenant-registry';

const port = process.env.PORT ?? '3000';
const { tenants } = loadTenantRegistry();
console.log('\nDemo dealer sites:');
for (const entry of tenants.values()) {
  console.log(
    entry.ok
      ? `  http://${entry.slug}.localhost:${port}/   ${entry.config.name}`
      : `  (not served: ${entry.file} is invalid; run npm run validate)`,
  );
}
console.log('');
