import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEncodeGate } from './encode-gate';

const response = () => new ServerResponse(new IncomingMessage(new Socket()));

afterEach(() => {
  vi.useRealTimers();
});

describe('the encoding slots of the optimised-image cache (issue 30, M3)', () => {
  it('makes at most `slots` pictures at once; the rest wait in arrival order, then are refused', () => {
    const gate = createEncodeGate({ slots: 2, maxWaiting: 2, maxWaitMs: 10_000, holdMs: 30_000 });
    const log: string[] = [];
    const responses = Array.from({ length: 6 }, response);
    responses.forEach((res, i) =>
      gate.enter(
        res,
        () => log.push(`start ${i}`),
        () => log.push(`busy ${i}`),
      ),
    );
    expect(log).toEqual(['start 0', 'start 1', 'busy 4', 'busy 5']);
    expect(gate.state).toEqual({ running: 2, waiting: 2 });
    // The first answer's headers are written: its encoding is done, and the next in line starts.
    responses[1]?.writeHead(200);
    expect(log.slice(4)).toEqual(['start 2']);
    responses[0]?.emit('close');
    expect(log.slice(5)).toEqual(['start 3']);
    expect(gate.state).toEqual({ running: 2, waiting: 0 });
    // Freed twice (headers, then finish) is freed once.
    responses[2]?.writeHead(200);
    responses[2]?.emit('finish');
    expect(gate.state).toEqual({ running: 1, waiting: 0 });
  });

  it('refuses a request that waited longer than maxWaitMs, and frees a slot held past holdMs', () => {
    vi.useFakeTimers();
    const gate = createEncodeGate({ slots: 1, maxWaiting: 5, maxWaitMs: 1_000, holdMs: 3_000 });
    const log: string[] = [];
    const enter = (name: string) =>
      gate.enter(
        response(),
        () => log.push(`start ${name}`),
        () => log.push(`busy ${name}`),
      );
    enter('a');
    enter('b');
    vi.advanceTimersByTime(999);
    expect(log).toEqual(['start a']);
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['start a', 'busy b']);
    vi.advanceTimersByTime(1_500);
    enter('c');
    // a never answers: after holdMs its slot goes to the next in line.
    vi.advanceTimersByTime(499);
    expect(log).toEqual(['start a', 'busy b']);
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['start a', 'busy b', 'start c']);
    expect(gate.state).toEqual({ running: 1, waiting: 0 });
  });

  it('drops a waiting client that has gone, and skips one that left unseen', () => {
    const gate = createEncodeGate({ slots: 1, maxWaiting: 1, maxWaitMs: 10_000, holdMs: 30_000 });
    const log: string[] = [];
    const first = response();
    const gone = response();
    gate.enter(
      first,
      () => log.push('first'),
      () => log.push('busy first'),
    );
    gate.enter(
      gone,
      () => log.push('gone'),
      () => log.push('busy gone'),
    );
    gone.emit('close');
    expect(gate.state).toEqual({ running: 1, waiting: 0 });
    // Its place in line is free again for someone else.
    const next = response();
    gate.enter(
      next,
      () => log.push('next'),
      () => log.push('busy next'),
    );
    first.writeHead(200);
    expect(log).toEqual(['first', 'next']);
  });
});
