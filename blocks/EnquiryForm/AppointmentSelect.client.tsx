'use client';

import { useEffect, useState, type SelectHTMLAttributes } from 'react';
import type { SlotDay } from '../../domain/appointments/slots';
import formStyles from '../../components/ui/form.module.css';

export const NO_PREFERENCE = 'No preference';

type Load =
  { kind: 'none' } | { kind: 'loading' } | { kind: 'ready'; days: SlotDay[] } | { kind: 'failed'; message: string };

/** What came back, for which request (location and refresh): an answer for an earlier request reads as loading. */
type Answer = { request: unknown[] } & ({ kind: 'ready'; days: SlotDay[] } | { kind: 'failed'; message: string });

/**
 * The test-drive time (catalogue §7 Appointments fetch; §5.1 'date-time optional'): the free slots
 * of the chosen location from /api/appointments, grouped by day, after 'No preference'. Fetched
 * again when the location changes or `refresh` does (after 'That time was just booked').
 */
export function AppointmentSelect({
  id,
  location,
  refresh,
  selectProps,
}: {
  id: string;
  location: string | undefined;
  refresh: unknown;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { ref?: unknown };
}) {
  const valid = location !== undefined && /^\d+$/.test(location);
  const [answer, setAnswer] = useState<Answer>();
  useEffect(() => {
    if (!valid) return;
    const request = [location, refresh];
    let current = true;
    const failed = (message = 'The times could not be loaded just now.') => {
      if (current) setAnswer({ request, kind: 'failed', message });
    };
    fetch(`/api/appointments?location=${location}`, { cache: 'no-store' })
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as { days?: SlotDay[]; error?: string } | null;
        if (response.ok && body?.days) {
          if (current) setAnswer({ request, kind: 'ready', days: body.days });
        } else failed(body?.error);
      })
      .catch(() => failed());
    return () => {
      current = false;
    };
  }, [valid, location, refresh]);
  const load: Load = !valid
    ? { kind: 'none' }
    : answer && answer.request[0] === location && answer.request[1] === refresh
      ? answer
      : { kind: 'loading' };

  const status =
    load.kind === 'none'
      ? 'Choose a location to see its free times.'
      : load.kind === 'loading'
        ? 'Loading free times…'
        : load.kind === 'failed'
          ? `${load.message} You can still send the form without a time.`
          : load.days.length
            ? ''
            : 'No free times in the coming days. Send the form without a time and we will call you.';
  const described = [selectProps['aria-describedby'], status ? `${id}-status` : ''].filter(Boolean).join(' ');
  return (
    <>
      <select {...(selectProps as SelectHTMLAttributes<HTMLSelectElement>)} aria-describedby={described || undefined}>
        <option value="">{NO_PREFERENCE}</option>
        {load.kind === 'ready'
          ? load.days.map((day) => (
              <optgroup key={day.date} label={day.label}>
                {day.slots.map((slot) => (
                  <option key={slot.start} value={slot.start}>
                    {`${day.label}, ${slot.label}`}
                  </option>
                ))}
              </optgroup>
            ))
          : null}
      </select>
      <p id={`${id}-status`} className={formStyles.help} aria-live="polite">
        {status}
      </p>
    </>
  );
}
