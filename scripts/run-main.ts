import { exitOnOldNode } from './node-version.mjs';

/**
 * Runs a CLI's main function, after checking the Node.js version (scripts/node-version.mjs): its number
 * is the exit code; a thrown error prints its message and exits 1.
 */
export function runMain(main: () => Promise<number>): void {
  exitOnOldNode();
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
