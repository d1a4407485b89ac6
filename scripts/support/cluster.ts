/**
 * Several server processes (`npm start`) of the production build on one database, behind the round-robin
 * proxy: what an operator runs on three machines behind a load balancer, on one machine. Used by
 * bench:cluster and, as a command, by the PostgreSQL browser run (playwright.postgres.config.ts):
 *
 *   CLUSTER_PORT=3300 CLUSTER_PROCESSES=2 DATABASE_URL=postgres://... tsx scripts/support/cluster.ts
 *
 * serves on CLUSTER_PORT until it gets SIGTERM or SIGINT. Each process gets the environment of
 * this one plus `env`; TRUSTED_PROXY_HOPS counts the proxy's own hop.
 */
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { startServer, waitForServer, type StartedServer } from './server';

export interface ClusterMember {
  port: number;
  server: StartedServer;
}

export interface Cluster {
  proxy: RoundRobinProxy;
  members: ClusterMember[];
  /** SIGKILLs one member (no goodbye: a crash), and answers once it is gone. */
  kill(index: number): Promise<void>;
  /** Starts a killed member again on its port and waits until it answers. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  proxyPort: number;
  /** One port per process. */
  ports: readonly number[];
  env: Record<string, string>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const env = { TRUSTED_PROXY_HOPS: '1', ...options.env };
  const members: ClusterMember[] = options.ports.map((port) => ({ port, server: startServer(port, env) }));
  try {
    // One at a time: two processes migrating and building indexes at once on 2 cores time out.
    for (const member of members) await waitForServer(member.port, 120_000);
  } catch (error) {
    await Promise.all(members.map((m) => m.server.stop()));
    const logs = members.map((m) => `--- process on ${m.port} ---\n${m.server.log().slice(-3000)}`).join('\n');
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
  const proxy = await startRoundRobinProxy(options.proxyPort, options.ports);
  const member = (index: number) => {
    const m = members[index];
    if (!m) throw new Error(`no cluster member ${index}`);
    return m;
  };
  return {
    proxy,
    members,
    async kill(index) {
      await member(index).server.stop('SIGKILL');
    },
    async restart(index) {
      const m = member(index);
      m.server = startServer(m.port, env);
      await waitForServer(m.port, 120_000);
    },
    async stop() {
      await proxy.close();
      await Promise.all(members.map((m) => m.server.stop()));
    },
  };
}

async function serveFromEnvironment(): Promise<void> {
  const proxyPort = Number(process.env.CLUSTER_PORT ?? 3300);
  const processes = Number(process.env.CLUSTER_PROCESSES ?? 2);
  const ports = Array.from({ length: processes }, (_, i) => proxyPort + 1 + i);
  const cluster = await startCluster({ proxyPort, ports, env: {} });
  console.log(
    `${processes} platform processes on ports ${ports.join(', ')} behind the round-robin proxy on ${proxyPort}`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (import.meta.main) {
  serveFromEnvironment().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
