/** Types of scripts/node-version.mjs (plain JavaScript, run by `npm start` without a TypeScript loader). */
export declare function lowestAllowed(range: string): string | undefined;
export declare function nodeVersionProblem(found: string, needed: string): string | undefined;
export declare function exitOnOldNode(): void;
