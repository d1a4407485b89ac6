/** Types of server/operations/log.mjs (plain JavaScript, shared by scripts/serve.mjs and the platform's code). */
import type { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';

export interface RequestContext {
  requestId: string;
  site?: string;
  routeKind?: string;
}
export declare const LOG_LEVELS: readonly string[];
export declare function requestContexts(): AsyncLocalStorage<RequestContext>;
export declare function currentRequest(): RequestContext | undefined;
export declare function requestIdFrom(header: string | string[] | undefined): string;
export declare function secretsIn(env: Readonly<Record<string, string | undefined>>): string[];
export declare function redact(line: string, secrets: readonly string[]): string;
export declare function prettyLine(json: string): string;
export declare function logSettings(env: Readonly<Record<string, string | undefined>>): {
  level: string;
  pretty: boolean;
};
export declare function createLogger(
  env: Readonly<Record<string, string | undefined>>,
  destination?: { write(line: string): unknown },
): Logger;
export declare function logger(): Logger;
export declare function routeConsole(log: Logger): void;
export declare function loggedPath(url: string | undefined): string;
export declare function routeKindOfPath(url: string | undefined): string;
