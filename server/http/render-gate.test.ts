import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRenderGate } from './render-gate';

/** What the gate reads of a response: its finish and close events and whether its socket is gone. */
class Response extends EventEmitter {
  destroyed = false;
}
const response = () => new Response();
const asResponse = (r: Response) => r as unknown as ServerResponse;

afterEach(() => vi.useRealTimers());

describe('createRenderGate: at most N renders at once, the rest in arrival order', () => {
  it('starts N at once and each next one when a render finishes or its client closes', () => {
    const gate = createRenderGate(2, 2000);
    const started: number[] = [];
    const responses = [response(), response(), response(), response()];
    responses.forEach((r, i) => gate(asResponse(r), () => started.push(i)));
    expect(started).toEqual([0, 1]);
    responses[1]?.emit('finish');
    expect(started).toEqual([0, 1, 2]);
    responses[0]?.emit('close');
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('frees a slot once however many events its response sends', () => {
    const gate = createRenderGate(1, 2000);
    const started: number[] = [];
    const [a, b, c] = [response(), response(), response()];
    gate(asResponse(a), () => started.push(0));
    gate(asResponse(b), () => started.push(1));
    gate(asResponse(c), () => started.push(2));
    a.emit('finish');
    a.emit('close');
    // Only one slot came free: b renders, c still waits for it.
    expect(started).toEqual([0, 1]);
    b.emit('close');
    expect(started).toEqual([0, 1, 2]);
  });

  it('frees a slot after holdMs when a client is slow to read its page', () => {
    vi.useFakeTimers();
    const gate = createRenderGate(1, 2000);
    const started: number[] = [];
    gate(asResponse(response()), () => started.push(0));
    gate(asResponse(response()), () => started.push(1));
    vi.advanceTimersByTime(1999);
    expect(started).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(started).toEqual([0, 1]);
  });

  it('drops a waiting request whose client has gone, and gives its turn to the next', () => {
    const gate = createRenderGate(1, 2000);
    const started: number[] = [];
    const [a, gone, c] = [response(), response(), response()];
    gate(asResponse(a), () => started.push(0));
    gate(asResponse(gone), () => started.push(1));
    gate(asResponse(c), () => started.push(2));
    gone.destroyed = true;
    a.emit('finish');
    expect(started).toEqual([0, 2]);
  });
});
