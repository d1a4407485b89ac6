/**
 * Prints, at the end of a unit-test run, how many tests ran on each database (the `sqlite` and
 * `postgres` vitest projects), so a run in which the PostgreSQL half did not happen cannot pass
 * unnoticed.
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export default class DatabaseReporter implements Reporter {
  private projects: string[] = [];

  onInit(vitest: Vitest): void {
    this.projects = vitest.projects.map((project) => project.name);
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const counts = new Map<string, { files: number; passed: number; failed: number; skipped: number }>();
    for (const testModule of modules) {
      const name = testModule.project.name || 'default';
      const entry = counts.get(name) ?? { files: 0, passed: 0, failed: 0, skipped: 0 };
      entry.files += 1;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') entry.passed += 1;
        else if (state === 'failed') entry.failed += 1;
        else entry.skipped += 1;
      }
      counts.set(name, entry);
    }
    const line = (name: string, label: string) => {
      const c = counts.get(name);
      if (c) return `${label}: ${c.passed} tests passed, ${c.failed} failed, ${c.skipped} skipped, in ${c.files} files`;
      return this.projects.includes(name)
        ? `${label}: no test of this selection touches a database`
        : `${label}: NOT RUN`;
    };
    console.log(
      `\nTests per database\n  ${line('sqlite', 'SQLite (every unit test)')}\n  ${line('postgres', 'PostgreSQL (every database test)')}`,
    );
    if (!this.projects.includes('postgres'))
      console.log(
        '\n!!! The PostgreSQL half of the unit tests did NOT run: nothing here says the platform works on PostgreSQL. !!!\n',
      );
  }
}
