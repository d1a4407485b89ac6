/**
 * One picture decoded at a time per process (issue 30, M4): what a decode costs in memory is
 * bounded by the pixel budget (domain/studio/media-rules.ts), and by this, however many uploads
 * arrive together. The next few wait their turn in arrival order; more than that are told the
 * Studio is busy rather than each holding a 10 MB upload in memory while it waits.
 */

export class DecodeQueueFullError extends Error {
  constructor() {
    super('The decode queue is full');
    this.name = 'DecodeQueueFullError';
  }
}

export class DecodeQueue {
  private running = 0;
  private readonly line: Array<() => void> = [];

  constructor(
    private readonly atOnce = 1,
    private readonly maxWaiting = 4,
  ) {}

  get state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.line.length };
  }

  /** Runs `work` when its turn comes; a DecodeQueueFullError at once when the line is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.atOnce) {
      if (this.line.length >= this.maxWaiting) throw new DecodeQueueFullError();
      // The finishing holder hands its place straight on (running stays counted).
      await new Promise<void>((resolve) => this.line.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const QUEUE = Symbol.for('dealer-platform.studio-decode-queue');

/** The process's queue (on globalThis: Next bundles routes apart, and there is one process). */
export function processDecodeQueue(): DecodeQueue {
  const holder = globalThis as { [QUEUE]?: DecodeQueue };
  return (holder[QUEUE] ??= new DecodeQueue());
}
