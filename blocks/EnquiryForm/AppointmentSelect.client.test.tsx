// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlotDay } from '../../domain/appointments/slots';
import { AppointmentSelect, NO_PREFERENCE } from './AppointmentSelect.client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DAYS: SlotDay[] = [
  {
    date: '2026-11-30',
    label: 'Monday 30 November 2026',
    slots: [
      { start: '2026-11-30T16:30:00+11:00', label: '4:30 pm' },
      { start: '2026-11-30T17:00:00+11:00', label: '5:00 pm' },
    ],
  },
  {
    date: '2026-12-01',
    label: 'Tuesday 1 December 2026',
    slots: [{ start: '2026-12-01T08:30:00+11:00', label: '8:30 am' }],
  },
];
let answer: () => Response = () => Response.json({ days: DAYS });
const asked: string[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn(async (input: string | URL | Request) => {
    asked.push(String(input));
    return answer();
  }),
);

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  asked.length = 0;
  answer = () => Response.json({ days: DAYS });
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function render(location: string | undefined, refresh: unknown = 0) {
  await act(async () => {
    root.render(
      <>
        <label htmlFor="t-time">Preferred date and time (optional)</label>
        <AppointmentSelect
          id="t-time"
          location={location}
          refresh={refresh}
          selectProps={{ id: 't-time', name: 'preferred_time' }}
        />
      </>,
    );
  });
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

const select = () => container.querySelector('select')!;

describe('AppointmentSelect (catalogue §7 Appointments fetch for test-drive booking)', () => {
  it("offers 'No preference' and the location's free slots grouped by day, in a labelled select", async () => {
    await render('101');
    expect(asked).toEqual(['/api/appointments?location=101']);
    expect(select().labels?.[0]?.textContent).toBe('Preferred date and time (optional)');
    expect(select().options[0]).toMatchObject({ value: '', text: NO_PREFERENCE });
    const groups = [...select().querySelectorAll('optgroup')].map((g) => [
      g.label,
      [...g.querySelectorAll('option')].map((o) => o.value),
    ]);
    expect(groups).toEqual([
      ['Monday 30 November 2026', ['2026-11-30T16:30:00+11:00', '2026-11-30T17:00:00+11:00']],
      ['Tuesday 1 December 2026', ['2026-12-01T08:30:00+11:00']],
    ]);
    expect(select().options[1]?.text).toBe('Monday 30 November 2026, 4:30 pm');
  });

  it('asks for a location first, and loads nothing without one', async () => {
    await render(undefined);
    expect(asked).toEqual([]);
    expect(select().options).toHaveLength(1);
    expect(container.textContent).toContain('Choose a location to see its free times.');
    expect(select().getAttribute('aria-describedby')).toBe('t-time-status');
  });

  it('reloads the times after a refused booking, so the taken time is gone', async () => {
    await render('101', 'first');
    answer = () => Response.json({ days: [DAYS[1]] });
    await render('101', 'That time was just booked, please pick another');
    expect(asked).toHaveLength(2);
    expect([...select().options].map((o) => o.value)).toEqual(['', '2026-12-01T08:30:00+11:00']);
  });

  it('says when the times cannot be loaded, and the form can still be sent without one', async () => {
    answer = () => Response.json({ error: 'The times could not be loaded just now.' }, { status: 503 });
    await render('101');
    expect(select().options).toHaveLength(1);
    expect(container.textContent).toContain('You can still send the form without a time.');
  });
});
