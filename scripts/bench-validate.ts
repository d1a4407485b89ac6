/**
 * `npm run bench:validate`: how long validating every tenant takes, cold (schemas compiled in the
 * same run) and warm (the average of repeated loads with the compiled validators), in ms.
 */
import { listTenantFiles, loadTenantFile } from '../engine/tenant-registry';

const files = listTenantFiles();
const coldStart = performance.now();
for (const file of files) loadTenantFile(file);
const cold = performance.now() - coldStart;
const rounds = 50;
const warmStart = performance.now();
for (let i = 0; i < rounds; i++) for (const file of files) loadTenantFile(file);
const warm = (performance.now() - warmStart) / rounds;
console.log(`tenants: ${files.length}`);
console.log(`validate all, cold (includes compiling the schemas): ${cold.toFixed(1)} ms`);
console.log(
  `validate all, warm (mean of ${rounds}): ${warm.toFixed(2)} ms (${(warm / Math.max(files.length, 1)).toFixed(2)} ms per tenant)`,
);
