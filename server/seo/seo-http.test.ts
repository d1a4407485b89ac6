import { describe, expect, it, vi } from 'vitest';
import { streamedResponse } from './seo-http';

async function* chunks(parts: string[], failAt = -1): AsyncGenerator<string> {
  for (const [i, part] of parts.entries()) {
    if (i === failAt) throw new Error('database went away');
    yield part;
  }
}

describe('streamedResponse', () => {
  it('streams the chunks in order with the given headers', async () => {
    const response = await streamedResponse(chunks(['<a>', 'b', '</a>']), { 'content-type': 'application/xml' }, 't');
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-type')).toBe('application/xml');
    expect(await response?.text()).toBe('<a>b</a>');
  });

  it('answers nothing for a generator with nothing to say, so the route can answer 404', async () => {
    expect(await streamedResponse(chunks([]), {}, 't')).toBeUndefined();
  });

  it('answers 503 when the answer fails before it starts', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await streamedResponse(chunks(['x'], 0), {}, 'test feed');
    expect(response?.status).toBe(503);
    expect(response?.headers.get('retry-after')).toBe('300');
    expect(error.mock.calls[0]?.[0]).toBe('test feed: could not be built');
    error.mockRestore();
  });

  it('breaks the download when it fails midway, never ending it like a complete document', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await streamedResponse(chunks(['<a>', 'b', '</a>'], 2), {}, 'test feed');
    expect(response?.status).toBe(200);
    await expect(response?.text()).rejects.toThrow('database went away');
    error.mockRestore();
  });

  it('stops reading when the client goes away, and logs no error for it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let finished = false;
    async function* endless(): AsyncGenerator<string> {
      try {
        for (let i = 0; ; i++) yield `chunk ${i}\n`;
      } finally {
        finished = true;
      }
    }
    const response = await streamedResponse(endless(), {}, 't');
    const reader = response?.body?.getReader();
    await reader?.read();
    await reader?.cancel();
    expect(finished).toBe(true);
    // A read already under way when the client left must not be reported as a failed stream.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });
});
