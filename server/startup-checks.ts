import { AUTH_SECRET_MIN_CHARS, sharedSecretProblem } from '../services/auth/auth-instance';
import { databaseKind, poolMax } from '../services/db/database';
import { serveHookSettings } from './http/serve-hook';
import { healthToken } from './http/health-token';
import { metricsSettings } from './operations/metrics';
import { logSettings } from './operations/log.mjs';
import { previewDomain } from '../domain/studio/studio-host';

/**
 * What must be right before the server takes a request, each as a sentence for the operator: a
 * DATABASE_URL that names a database this build can open, a pool size that is a number, response
 * cache settings that are numbers (server/http/serve-hook.ts), a HEALTH_TOKEN (if any) too long to
 * guess (server/http/health-token.ts), and, with
 * PostgreSQL (several servers on one database), an AUTH_SECRET shared by every server.
 */
export function startupProblems(env: Readonly<Record<string, string | undefined>>): string[] {
  const problems: string[] = [];
  const check = (test: () => unknown) => {
    try {
      test();
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  };
  check(() => env.DATABASE_URL && databaseKind(env.DATABASE_URL));
  check(() => poolMax(env));
  check(() => serveHookSettings(env));
  check(() => healthToken(env));
  check(() => metricsSettings(env));
  check(() => logSettings(env));
  if (env.PREVIEW_DOMAIN?.trim() && !previewDomain(env))
    problems.push(
      `PREVIEW_DOMAIN "${env.PREVIEW_DOMAIN.trim()}" is not a host name: set it to the parent name of the Studio's preview addresses, e.g. preview.dealerplatform.com.au (each site's preview is then <site id>.preview.dealerplatform.com.au), or leave it unset for no preview.`,
    );
  const secret = env.AUTH_SECRET ?? env.BETTER_AUTH_SECRET;
  if (secret !== undefined && secret.length < AUTH_SECRET_MIN_CHARS)
    problems.push(
      `AUTH_SECRET is ${secret.length} characters long; it must be at least ${AUTH_SECRET_MIN_CHARS} random characters (for example the output of \`openssl rand -base64 32\`).`,
    );
  const shared = sharedSecretProblem(env);
  if (shared && !problems.includes(shared)) problems.push(shared);
  return problems;
}

/** At server start: names every problem and ends the process (exit code 1) when there is one. */
export function refuseToStartOnProblems(env: Readonly<Record<string, string | undefined>> = process.env): void {
  const problems = startupProblems(env);
  if (!problems.length) return;
  console.error(`\nThe server cannot start:\n${problems.map((p) => `- ${p}`).join('\n')}\n`);
  process.exit(1);
}
