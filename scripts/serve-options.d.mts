/** Types of scripts/serve-options.mjs (plain JavaScript, run by `npm start` without a TypeScript loader). */
export declare const NEXT_HOSTNAME: string;
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function serveOptions(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): { port: number; listen: string | undefined; next: { dev: false; hostname: string; port: number } };
