import type { ServerResponse } from 'node:http';

/**
 * At most `slots` optimiser encodings at once per process; the next `maxWaiting` wait their turn in
 * arrival order for `maxWaitMs` at most; any more, or one that waited too long, is told the server
 * is busy (issue 30, M3). A cold page asks for twenty pictures at once and a browser does not ask
 * again for one that failed, so waiting briefly in line serves shoppers better than refusing; the
 * line is bounded, so a flood costs a few queued requests' memory and then cheap refusals, never
 * more than `slots` encodings of CPU.
 *
 * A slot is given back as soon as the answer's headers are written (the encoding is done by then:
 * Next sends an optimised picture in one piece), or when the response finishes or closes, or after
 * `holdMs`; a client slow to read its picture holds nobody back. A waiting client that leaves is
 * dropped from the line.
 */
export interface EncodeGateOptions {
  slots: number;
  maxWaiting: number;
  maxWaitMs: number;
  holdMs: number;
}

export interface EncodeGate {
  /** Runs `start` when a slot is free (now, or after waiting), else `busy`; exactly one of them, or neither if the client left. */
  enter(res: ServerResponse, start: () => void, busy: () => void): void;
  /** Encodings under way and requests waiting (for tests and logs). */
  readonly state: { running: number; waiting: number };
}

interface Waiter {
  res: ServerResponse;
  start: () => void;
  timer: NodeJS.Timeout;
}

export function createEncodeGate(options: EncodeGateOptions): EncodeGate {
  const slots = Math.max(1, Math.floor(options.slots));
  let running = 0;
  const line: Waiter[] = [];

  const take = (res: ServerResponse, start: () => void) => {
    running++;
    let freed = false;
    const free = () => {
      if (freed) return;
      freed = true;
      running--;
      clearTimeout(timer);
      startWaiting();
    };
    const timer = setTimeout(free, options.holdMs);
    timer.unref();
    const writeHead = res.writeHead;
    // Node's res.end() writes the headers through this.writeHead too, so this sees every answer.
    res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
      free();
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
    res.once('finish', free);
    res.once('close', free);
    start();
  };

  const startWaiting = () => {
    while (running < slots) {
      const waiter = line.shift();
      if (!waiter) return;
      clearTimeout(waiter.timer);
      if (!waiter.res.destroyed) take(waiter.res, waiter.start);
    }
  };

  const leave = (waiter: Waiter) => {
    const at = line.indexOf(waiter);
    if (at === -1) return false;
    line.splice(at, 1);
    clearTimeout(waiter.timer);
    return true;
  };

  return {
    enter(res, start, busy) {
      if (running < slots && line.length === 0) return take(res, start);
      if (line.length >= options.maxWaiting) return busy();
      const waiter: Waiter = {
        res,
        start,
        timer: setTimeout(() => {
          if (leave(waiter)) busy();
        }, options.maxWaitMs),
      };
      waiter.timer.unref();
      line.push(waiter);
      res.once('close', () => leave(waiter));
    },
    get state() {
      return { running, waiting: line.length };
    },
  };
}
