// @ts-check
/**
 * The server's log (issue 35): one JSON object per line on stdout (pino), with `level`, `time`, `msg`,
 * `pid`, and for anything logged while a request is handled its `requestId`, `site` (the dealer site's
 * slug) and `routeKind` (the kind of page, or api, studio, image, static...). Plain JavaScript, shared by
 * scripts/serve.mjs (which starts it before Next) and the platform's code inside Next's bundles.
 *
 * - Every `console.*` call in the process, the platform's, Next's and libraries', goes through it, so
 *   nothing writes a bare or multi-line text line: an Error's stack is the `err.stack` field.
 * - Nothing secret is written: the values of the environment's secrets (variables named *SECRET*,
 *   *TOKEN*, *PASSWORD*, *_KEY, *SALT*, and the password of any URL in the environment), bearer tokens
 *   and passwords in URLs are replaced by [redacted], and e-mail addresses are shortened to their first
 *   letter and domain (j…@example.com). Sign-in codes reach the log only where ACCOUNT_CODES_IN_LOG=1
 *   allows it (the demo and the browser tests).
 * - LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent.
 * - LOG_FORMAT=pretty: one short readable line per entry instead of JSON (`npm run demo` sets it).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { format } from 'node:util';
import pino from 'pino';

/** @typedef {{ requestId: string; site?: string; routeKind?: string }} RequestContext */

const CONTEXT = Symbol.for('dealer-platform.request-context');
const LOGGER = Symbol.for('dealer-platform.logger');
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The request being handled, shared by every bundle of the process (one instance on globalThis).
 * @returns {AsyncLocalStorage<RequestContext>}
 */
export function requestContexts() {
  const holder = /** @type {Record<symbol, AsyncLocalStorage<RequestContext> | undefined>} */ (globalThis);
  return (holder[CONTEXT] ??= new AsyncLocalStorage());
}

/** @returns {RequestContext | undefined} */
export function currentRequest() {
  return requestContexts().getStore();
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the caller's X-Request-Id when it is a plain token (a load balancer's), else a new one.
 * @param {string | string[] | undefined} header
 */
export function requestIdFrom(header) {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

const SECRET_NAME = /SECRET|TOKEN|PASSWORD|PASSWD|_KEY$|^KEY$|SALT|CREDENTIAL/i;
const URL_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:([^@/\s]+)@/i;

/**
 * The texts the log must never contain, from the environment.
 * @param {Readonly<Record<string, string | undefined>>} env
 * @returns {string[]}
 */
export function secretsIn(env) {
  /** @type {Set<string>} */
  const secrets = new Set();
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (SECRET_NAME.test(name) && value.length >= 8) secrets.add(value);
    const password = URL_PASSWORD.exec(value)?.[1];
    if (password && password.length >= 4) {
      secrets.add(password);
      try {
        secrets.add(decodeURIComponent(password));
      } catch {
        // Not percent-encoded: the text itself is enough.
      }
    }
  }
  // Longest first, so a secret that contains another is replaced whole.
  return [...secrets].sort((a, b) => b.length - a.length);
}

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
const BEARER = /(bearer\s+)[A-Za-z0-9._~+/-]+=*/gi;
const PASSWORD_IN_URL = /([a-z][a-z0-9+.-]*:\/\/[^:/@\s"]*:)[^@/\s"]+@/gi;

/**
 * The line with secrets replaced and e-mail addresses shortened.
 * @param {string} line
 * @param {readonly string[]} secrets
 */
export function redact(line, secrets) {
  let text = line;
  for (const secret of secrets) {
    text = text.split(secret).join('[redacted]');
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) text = text.split(escaped).join('[redacted]');
  }
  return text.replace(BEARER, '$1[redacted]').replace(PASSWORD_IN_URL, '$1[redacted]@').replace(EMAIL, '$1…@$2');
}

/**
 * One JSON entry as a short line for a person at a terminal: `12:01:02 WARN  [site request] message`.
 * @param {string} json
 */
export function prettyLine(json) {
  /** @type {Record<string, unknown>} */
  let entry;
  try {
    entry = JSON.parse(json);
  } catch {
    return json;
  }
  const { time, level, msg, pid: _pid, requestId, site, routeKind, err, ...rest } = entry;
  const clock = typeof time === 'string' ? time.slice(11, 19) : '';
  const where = [site, routeKind, typeof requestId === 'string' ? requestId.slice(0, 8) : undefined]
    .filter(Boolean)
    .join(' ');
  const extra = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const stack = err && typeof err === 'object' && 'stack' in err ? `\n${String(err.stack)}` : '';
  return `${clock} ${String(level).toUpperCase().padEnd(5)} ${where ? `[${where}] ` : ''}${String(msg ?? '')}${extra ? `  ${extra}` : ''}${stack}\n`;
}

/**
 * The log's settings from the environment; a value it cannot use is an error naming it.
 * @param {Readonly<Record<string, string | undefined>>} env
 */
export function logSettings(env) {
  const level = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(level)) {
    throw new Error(`LOG_LEVEL is "${level}"; it must be one of ${LOG_LEVELS.join(', ')}.`);
  }
  const formatName = env.LOG_FORMAT || 'json';
  if (formatName !== 'json' && formatName !== 'pretty') {
    throw new Error(`LOG_FORMAT is "${formatName}"; it must be json (the default) or pretty.`);
  }
  return { level, pretty: formatName === 'pretty' };
}

/**
 * A logger writing to `destination` (stdout by default) with the settings of `env`.
 * @param {Readonly<Record<string, string | undefined>>} env
 * @param {{ write(line: string): unknown }} [destination]
 */
export function createLogger(env, destination) {
  const { level, pretty } = logSettings(env);
  const secrets = secretsIn(env);
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const request = currentRequest();
        if (!request) return {};
        return {
          requestId: request.requestId,
          ...(request.site ? { site: request.site } : {}),
          ...(request.routeKind ? { routeKind: request.routeKind } : {}),
        };
      },
      hooks: {
        streamWrite(line) {
          const safe = redact(line, secrets);
          return pretty ? prettyLine(safe) : safe;
        },
      },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** @returns {import('pino').Logger} the process's logger, made on first use from the environment */
export function logger() {
  const holder = /** @type {Record<symbol, import('pino').Logger | undefined>} */ (globalThis);
  return (holder[LOGGER] ??= createLogger(process.env));
}

/** The longest path an access log entry keeps. */
const PATH_CHARS = 300;

/**
 * A request's address as the access log keeps it: the path only (a query may carry an e-mail address or
 * an unsubscribe token), a Studio preview's token replaced, and at most 300 characters.
 * @param {string | undefined} url
 */
export function loggedPath(url) {
  const path = (url ?? '').split('?')[0] ?? '';
  return path.replace(/^\/_preview\/[^/]+/, '/_preview/[redacted]').slice(0, PATH_CHARS);
}

/**
 * The kind of route a path is before the proxy says more (pages, api, studio): static files,
 * optimised images, media, probes and metrics never reach the proxy.
 * @param {string | undefined} url
 */
export function routeKindOfPath(url) {
  const path = (url ?? '').split('?')[0] ?? '';
  if (path.startsWith('/_next/image')) return 'image';
  if (path.startsWith('/_next/') || path.startsWith('/assets/') || path === '/favicon.ico') return 'static';
  if (path.startsWith('/media/')) return 'media';
  if (path === '/healthz' || path === '/livez' || path === '/readyz') return 'probe';
  if (path === '/metrics') return 'metrics';
  return 'other';
}

const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Sends every console.* call in the process to the logger, as one entry each: the arguments formatted as
 * console would (an Error among them becomes the entry's `err`, with its stack as a field).
 * @param {import('pino').Logger} log
 */
export function routeConsole(log) {
  /** @type {[keyof Console, 'info' | 'warn' | 'error' | 'debug'][]} */
  const methods = [
    ['log', 'info'],
    ['info', 'info'],
    ['warn', 'warn'],
    ['error', 'error'],
    ['debug', 'debug'],
    ['trace', 'debug'],
  ];
  for (const [method, level] of methods) {
    /** @param {unknown[]} args */
    const write = (...args) => {
      const error = args.find((arg) => arg instanceof Error);
      const text = format(...args.filter((arg) => arg !== error))
        .replace(ANSI, '')
        .trim();
      if (error) log[level]({ err: error }, text || /** @type {Error} */ (error).message);
      else log[level](text);
    };
    /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (console))[method] = write;
  }
}
