import type { ServerResponse } from 'node:http';

/**
 * At most `slots` page renders at once; the rest wait their turn in arrival order. A render is
 * CPU work on the one event loop: twenty interleaved renders each take twenty times as long and
 * hold their memory that long (more garbage collection), where taken in turn each finishes in its
 * own time and answers from memory (hits) pass them by. A slot is freed when its response is
 * finished or closed, or after `holdMs` at most, so a client slow to read its page never holds
 * the others back for longer. A waiting request whose client has gone is dropped from the line.
 */
export function createRenderGate(slots: number, holdMs: number): (res: ServerResponse, render: () => void) => void {
  let busy = 0;
  const line: Array<() => void> = [];
  const startNext = () => {
    while (busy < slots) {
      const start = line.shift();
      if (!start) return;
      start();
    }
  };
  return (res, render) => {
    const start = () => {
      if (res.destroyed) return;
      busy++;
      let freed = false;
      const free = () => {
        if (freed) return;
        freed = true;
        busy--;
        clearTimeout(timer);
        startNext();
      };
      const timer = setTimeout(free, holdMs);
      timer.unref();
      res.once('finish', free);
      res.once('close', free);
      render();
    };
    line.push(start);
    startNext();
  };
}
