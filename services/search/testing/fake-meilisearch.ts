import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a Meilisearch server, for tests (no Meilisearch binary can be installed here): a
 * real HTTP server on 127.0.0.1 that answers the requests the platform writes with, from memory,
 * and records every request so tests can pin the bodies. Tasks succeed as soon as they are
 * enqueued. It does not search: tests read the stored documents instead.
 */
export interface RecordedRequest {
  method: string;
  /** Path and query string. */
  path: string;
  body: unknown;
}

interface FakeIndex {
  primaryKey: string;
  settings: Record<string, unknown>;
  documents: Map<number, Record<string, unknown>>;
}

interface FakeTask {
  uid: number;
  indexUid: string;
  type: string;
  status: 'succeeded' | 'failed';
  error: { message: string; code: string; type: string; link: string } | null;
}

export class FakeMeilisearch {
  readonly requests: RecordedRequest[] = [];
  readonly indexes = new Map<string, FakeIndex>();
  private readonly tasks: FakeTask[] = [];
  private server: Server | undefined;

  /** Starts listening; answers the host to give MEILISEARCH_HOST. */
  async start(): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The requests that change the index (no task polls), as "METHOD path". */
  writes(): string[] {
    return this.requests.filter((r) => !r.path.startsWith('/tasks/')).map((r) => `${r.method} ${r.path}`);
  }

  documents(indexUid = 'cars'): Map<number, Record<string, unknown>> {
    return this.indexes.get(indexUid)?.documents ?? new Map();
  }

  private index(uid: string): FakeIndex {
    let index = this.indexes.get(uid);
    if (!index) {
      index = { primaryKey: 'id', settings: {}, documents: new Map() };
      this.indexes.set(uid, index);
    }
    return index;
  }

  private enqueue(indexUid: string, type: string, error: FakeTask['error'] = null) {
    const task: FakeTask = { uid: this.tasks.length, indexUid, type, status: error ? 'failed' : 'succeeded', error };
    this.tasks.push(task);
    return { taskUid: task.uid, indexUid, status: 'enqueued', type, enqueuedAt: new Date().toISOString() };
  }

  private answer(method: string, url: URL, body: unknown): [number, unknown] {
    const path = url.pathname;
    const task = /^\/tasks\/(\d+)$/.exec(path);
    if (method === 'GET' && task) {
      const found = this.tasks[Number(task[1])];
      return found ? [200, found] : [404, { message: 'Task not found.', code: 'task_not_found', type: '', link: '' }];
    }
    if (method === 'POST' && path === '/indexes') {
      const { uid, primaryKey } = body as { uid: string; primaryKey: string };
      if (this.indexes.has(uid))
        return [
          202,
          this.enqueue(uid, 'indexCreation', {
            message: `Index \`${uid}\` already exists.`,
            code: 'index_already_exists',
            type: 'invalid_request',
            link: '',
          }),
        ];
      this.index(uid).primaryKey = primaryKey;
      return [202, this.enqueue(uid, 'indexCreation')];
    }
    const route = /^\/indexes\/([^/]+)\/(settings|documents|documents\/delete-batch)$/.exec(path);
    if (!route)
      return [501, { message: `The fake does not answer ${method} ${path}.`, code: 'fake', type: '', link: '' }];
    const uid = decodeURIComponent(route[1] as string);
    const what = route[2];
    if (what === 'settings' && method === 'PATCH') {
      Object.assign(this.index(uid).settings, body);
      return [202, this.enqueue(uid, 'settingsUpdate')];
    }
    if (what === 'documents' && method === 'POST') {
      const index = this.index(uid);
      for (const doc of body as Array<Record<string, unknown>>) index.documents.set(Number(doc.id), doc);
      return [202, this.enqueue(uid, 'documentAdditionOrUpdate')];
    }
    if (what === 'documents/delete-batch' && method === 'POST') {
      const index = this.index(uid);
      for (const id of body as number[]) index.documents.delete(Number(id));
      return [202, this.enqueue(uid, 'documentDeletion')];
    }
    if (what === 'documents' && method === 'GET') {
      const index = this.indexes.get(uid);
      if (!index) return [404, { message: `Index \`${uid}\` not found.`, code: 'index_not_found', type: '', link: '' }];
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const ids = [...index.documents.keys()].sort((a, b) => a - b);
      return [
        200,
        { results: ids.slice(offset, offset + limit).map((id) => ({ id })), offset, limit, total: ids.length },
      ];
    }
    return [501, { message: `The fake does not answer ${method} ${path}.`, code: 'fake', type: '', link: '' }];
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body: unknown = text ? JSON.parse(text) : undefined;
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname + url.search, body });
    const [status, answer] = this.answer(method, url, body);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  }
}
