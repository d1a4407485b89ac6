// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScheduleList, type ScheduleRow } from './ScheduleList.client';
import type { PreviewedVersion } from '../editor-data';

// Issue 33, Publishing on a schedule: "listed in the site list and History, cancellable … A
// scheduled version that has become invalid … is not published; the Studio shows why."

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const waiting: ScheduleRow = {
  id: 3,
  state: 'scheduled',
  publishAt: '2026-12-05T19:00:00.000Z',
  message: 'Weekend sale',
  author: 'lina@studio.example',
  createdAt: '2026-11-29T01:00:00.000Z',
  versionId: 12,
  story: {
    state: 'Waiting',
    when: 'Sun 6 Dec, 6:00 am, Sydney time (in 7 days)',
    text: 'It goes live then, unless it is cancelled first.',
    items: [],
  },
};
const refused: ScheduleRow = {
  ...waiting,
  id: 2,
  state: 'not-published',
  message: 'New phone',
  versionId: 9,
  story: {
    state: 'Not published',
    when: 'Sat 28 Nov, 9:00 am, Sydney time',
    text: 'Not published at its time: version 8 was published after it was scheduled and changed the same things.',
    items: ['Identity & domains › Phone number'],
  },
};

let rows: ScheduleRow[] = [];
let cancelAnswer: { status: number; body: unknown } = { status: 200, body: {} };
const calls: { method: string; path: string }[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), window.location.href);
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname });
    if (method === 'DELETE') return Response.json(cancelAnswer.body, { status: cancelAnswer.status });
    return Response.json({ timeZone: 'Australia/Sydney', schedules: rows });
  }),
);

let host: HTMLDivElement;
let root: Root;
const previewed: PreviewedVersion[] = [];
let changed = 0;
beforeEach(() => {
  calls.length = 0;
  previewed.length = 0;
  changed = 0;
  rows = [waiting, refused];
  cancelAnswer = { status: 200, body: {} };
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

async function render(): Promise<void> {
  await act(async () => {
    root.render(
      <ScheduleList
        slug="harbour-city-mazda"
        siteName="Harbour City Mazda"
        refreshKey={0}
        previewAvailable
        previewedVersionId={undefined}
        onPreview={(version) => previewed.push(version)}
        onChanged={() => void changed++}
      />,
    );
  });
  await act(async () => undefined);
}

const button = (name: RegExp) => {
  const found = [...document.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''));
  if (!found) throw new Error(`no button ${String(name)}`);
  return found;
};

describe('History: scheduled publishes', () => {
  it('lists each with its time, message, author and what happened; a refused one says why, fields in words', async () => {
    await render();
    const table = host.querySelector('table');
    expect(table?.querySelector('caption')?.textContent).toBe(
      'Publishes set for a time on Harbour City Mazda, newest first (2)',
    );
    const [first, second] = [...(table?.querySelectorAll('tbody tr') ?? [])];
    expect(first?.textContent).toContain('Sun 6 Dec, 6:00 am, Sydney time (in 7 days)');
    expect(first?.textContent).toContain('Waiting. It goes live then, unless it is cancelled first.');
    expect(second?.textContent).toContain('Not published.');
    expect(second?.querySelector('li')?.textContent).toBe('Identity & domains › Phone number');
    // Only a waiting one can be previewed or cancelled.
    expect(second?.querySelectorAll('button')).toHaveLength(0);
    expect(host.textContent).not.toMatch(/\/phone|tenant_schedules|\{"/);
  });

  it('Preview shows the frozen version, saying when it goes live', async () => {
    await render();
    act(() => button(/^Preview the publish set for Sun 6 Dec/).click());
    expect(previewed).toEqual([
      {
        id: 12,
        createdAt: waiting.createdAt,
        author: waiting.author,
        message: 'Weekend sale',
        scheduledFor: waiting.story.when,
      },
    ]);
  });

  it('Cancel asks first; confirmed, it cancels and says so; kept, nothing is sent', async () => {
    await render();
    act(() => button(/^Cancel the publish set for Sun 6 Dec/).click());
    const dialog = document.querySelector('dialog');
    expect(dialog?.textContent).toContain('‘Weekend sale’ will not go live at Sun 6 Dec, 6:00 am, Sydney time.');
    act(() => button(/^Keep it$/).click());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    act(() => button(/^Cancel the publish set for Sun 6 Dec/).click());
    cancelAnswer = {
      status: 200,
      body: {
        message: 'Cancelled the publish set for Sun 6 Dec, 6:00 am, Sydney time. The site does not change then.',
      },
    };
    rows = [
      { ...waiting, state: 'cancelled', story: { ...waiting.story, state: 'Cancelled', text: 'Cancelled by you.' } },
      refused,
    ];
    await act(async () => button(/^Cancel the publish$/).click());
    await act(async () => undefined);
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/studio/sites/harbour-city-mazda/schedules/3' },
    ]);
    expect(host.querySelector('[role="status"]')?.textContent).toBe(
      'Cancelled the publish set for Sun 6 Dec, 6:00 am, Sydney time. The site does not change then.',
    );
    expect(changed).toBe(1);
    expect(host.querySelector('tbody tr')?.textContent).toContain('Cancelled.');
  });

  it("a refused cancel (it went live meanwhile) is an alert with the server's sentence", async () => {
    await render();
    act(() => button(/^Cancel the publish set for Sun 6 Dec/).click());
    cancelAnswer = {
      status: 409,
      body: { message: 'It cannot be cancelled any more. Went live at 6:00 am as version 13.' },
    };
    await act(async () => button(/^Cancel the publish$/).click());
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(
      'It cannot be cancelled any more. Went live at 6:00 am as version 13.',
    );
  });

  it('nothing scheduled: nothing shown', async () => {
    rows = [];
    await render();
    expect(host.textContent).toBe('');
  });
});
