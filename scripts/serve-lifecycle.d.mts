/** Types of scripts/serve-lifecycle.mjs (plain JavaScript, run by `npm start` without a TypeScript loader). */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export declare const LIFECYCLE: unique symbol;
export declare function shutdownSettings(env: Readonly<Record<string, string | undefined>>): {
  delayMs: number;
  graceMs: number;
};
export declare class ServerLifecycle {
  phase: 'starting' | 'warming up' | 'ready' | 'stopping';
  probe(req: IncomingMessage, res: ServerResponse): boolean;
  warmUp(address: string, port: number, trigger: () => Promise<void>): Promise<void>;
  stop(
    server: Server,
    settings: { delayMs: number; graceMs: number },
    closeNext: () => Promise<void>,
    signal: string,
  ): Promise<void>;
}
export declare function triggerStart(address: string, port: number): Promise<void>;
