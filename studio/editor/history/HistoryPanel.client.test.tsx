// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HistoryPanel } from './HistoryPanel.client';
import { PreviewPane } from '../preview/PreviewPane.client';
import type { PreviewedVersion } from '../editor-data';

// Issue 32, History: "Restore: shows the old version in the preview first, then 'Restore this
// version' with a confirmation and a message; it publishes as a new version."

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SLUG = 'harbour-city-mazda';
const VERSIONS = [
  {
    id: 7,
    state: 'published',
    author: 'b@studio.example',
    message: 'Summer',
    createdAt: '2026-11-28T09:00:00.000Z',
    parentId: 4,
  },
  {
    id: 4,
    state: 'published',
    author: 'a@studio.example',
    message: 'Spring',
    createdAt: '2026-11-20T23:20:00.000Z',
    parentId: null,
  },
];

/** What the Studio answers, and every call the panels made. */
let restoreAnswer: { status: number; body: unknown } = { status: 200, body: {} };
const calls: { method: string; path: string; body?: unknown }[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), window.location.href);
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      path: `${url.pathname}${url.search}`,
      ...(typeof init?.body === 'string' ? { body: JSON.parse(init.body) as unknown } : {}),
    });
    if (url.pathname.endsWith('/history'))
      return Response.json({ publishedVersionId: 7, draftVersionId: null, versions: VERSIONS });
    if (url.pathname.endsWith('/schedules')) return Response.json({ timeZone: 'Australia/Sydney', schedules: [] });
    if (url.pathname.endsWith('/restore')) return Response.json(restoreAnswer.body, { status: restoreAnswer.status });
    if (url.pathname.endsWith('/preview-token'))
      return Response.json({
        preview: { token: `token-of-${url.searchParams.get('version')}`, showing: 'version', versionId: 4 },
      });
    return Response.json({ message: 'Unexpected call' }, { status: 500 });
  }),
);

// jsdom lays nothing out: the preview pane's measuring has nothing to observe.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    disconnect() {}
  },
);

let host: HTMLDivElement;
let root: Root;
const restored: [number, number][] = [];
beforeEach(() => {
  calls.length = 0;
  restored.length = 0;
  restoreAnswer = { status: 200, body: {} };
  window.history.replaceState(null, '', '/sites/harbour-city-mazda?tab=history');
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
};

/** The History tab beside the preview, wired as the editor wires them. */
function Harness() {
  const [version, setVersion] = useState<PreviewedVersion | null>(null);
  return (
    <>
      <HistoryPanel
        slug={SLUG}
        siteName="Harbour City Mazda"
        publishedVersionId={7}
        refreshKey={0}
        previewedVersion={version}
        onPreviewVersion={setVersion}
        onRestored={(id, from) => restored.push([id, from])}
      />
      <PreviewPane
        slug={SLUG}
        siteName="Harbour City Mazda"
        origin="http://harbour-city-mazda.localhost:3000"
        token="draft-token"
        showing="draft"
        at={null}
        onAt={() => undefined}
        path="/"
        paths={['/']}
        onPath={() => undefined}
        version={version}
        onBackToDraft={() => setVersion(null)}
      />
    </>
  );
}

async function render() {
  await act(async () => root.render(<Harness />));
  await settle();
}

const buttons = (name: string) => [...host.querySelectorAll('button')].filter((b) => b.textContent === name);
const button = (name: string) => {
  const found = buttons(name);
  if (found.length !== 1) throw new Error(`${found.length} buttons named "${name}"`);
  return found[0] as HTMLButtonElement;
};
const click = async (element: HTMLElement) => {
  await act(async () => element.click());
  await settle();
};
const frameSrc = () => host.querySelector('iframe')?.getAttribute('src') ?? '';
const status = () => host.querySelector('section p[role="status"]')?.textContent;
const bar = () => host.querySelector('[role="region"][aria-label$="in the preview"]');

describe('History: a version is looked at in the preview before it is restored (issue 32)', () => {
  it('offers "Preview version N", not an immediate restore, for an earlier published version', async () => {
    await render();
    expect(buttons('Preview version 4')).toHaveLength(1);
    expect(buttons('Preview version 7')).toHaveLength(0); // the live version
    expect([...host.querySelectorAll('button')].some((b) => /^Restore version/.test(b.textContent ?? ''))).toBe(false);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows the version in the preview with a bar saying so, and goes back to the draft', async () => {
    await render();
    await click(button('Preview version 4'));
    expect(bar()?.getAttribute('aria-label')).toBe('Version 4 in the preview');
    expect(bar()?.textContent).toMatch(
      /^The preview shows version 4 \(published .+ by a@studio\.example, 'Spring'\)\. It is not live\./,
    );
    expect(document.activeElement).toBe(bar());
    expect(calls.map((c) => c.path)).toContain(`/api/studio/sites/${SLUG}/preview-token?version=4`);
    expect(frameSrc()).toBe('http://harbour-city-mazda.localhost:3000/_preview/token-of-4');
    expect(host.querySelector('iframe')?.getAttribute('title')).toBe('Preview of Harbour City Mazda (version 4): /');
    expect(host.textContent).toContain('Showing version 4, not your draft.');
    // Nothing was published by looking.
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    const [inPanel] = buttons('Back to my draft');
    await click(inPanel as HTMLButtonElement);
    expect(bar()).toBeNull();
    expect(frameSrc()).toBe('http://harbour-city-mazda.localhost:3000/_preview/draft-token');
    expect(document.activeElement).toBe(button('Preview version 4'));
  });

  it('the preview pane\'s own "Back to my draft" ends it too', async () => {
    await render();
    await click(button('Preview version 4'));
    expect(buttons('Back to my draft')).toHaveLength(2);
    await click(buttons('Back to my draft')[1] as HTMLButtonElement);
    expect(bar()).toBeNull();
    expect(frameSrc()).toContain('/_preview/draft-token');
  });

  it('asks before restoring; Cancel (or Escape) publishes nothing and gives the focus back', async () => {
    await render();
    await click(button('Preview version 4'));
    await click(button('Restore this version'));
    const dialog = host.querySelector('dialog');
    expect(dialog?.open).toBe(true);
    expect(dialog?.querySelector('h2')?.textContent).toBe('Restore version 4?');
    const said = dialog?.querySelector('p')?.textContent ?? '';
    expect(said).toContain("Version 4's content is published as a new version");
    expect(said).toContain('the public site shows it on the next page view');
    expect(said).toContain('Nothing is lost');
    expect(said).toContain('any changes in your draft that are not published yet are replaced');
    expect(document.activeElement).toBe(button('Cancel'));

    await click(button('Cancel'));
    expect(host.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(button('Restore this version'));

    await click(button('Restore this version'));
    await act(async () => {
      host.querySelector('dialog')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(host.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(button('Restore this version'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('"Restore and publish" publishes the version as a new one and says so', async () => {
    restoreAnswer = { status: 200, body: { version: { ...VERSIONS[1], id: 8, message: 'Restored version 4' } } };
    await render();
    await click(button('Preview version 4'));
    await click(button('Restore this version'));
    await click(button('Restore and publish'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/studio/sites/${SLUG}/restore`, body: { versionId: 4, baseVersionId: 7 } },
    ]);
    expect(restored).toEqual([[8, 4]]);
    // The restored version is live: the preview shows the editor's own document again.
    expect(bar()).toBeNull();
    expect(frameSrc()).toContain('/_preview/draft-token');
  });

  it("keeps a refusal's sentence on screen, and the version in the preview", async () => {
    restoreAnswer = {
      status: 409,
      body: { message: 'b@studio.example published version 9 after you started editing; nothing was published.' },
    };
    await render();
    await click(button('Preview version 4'));
    await click(button('Restore this version'));
    await click(button('Restore and publish'));
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('published version 9');
    expect(restored).toEqual([]);
    expect(bar()).not.toBeNull();
  });

  it('after the editor reopens from a restore, says what was restored, once', async () => {
    window.history.replaceState(null, '', '/sites/harbour-city-mazda?tab=history&restored=8&from=4');
    await render();
    expect(status()).toBe('Restored version 4 as version 8; it is live now.');
    expect(window.location.search).toBe('?tab=history');
  });
});
