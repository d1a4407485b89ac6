'use client';

import { useId, useRef, useState } from 'react';
import { buttonClass } from '../../components/ui/button';
import controlStyles from '../../components/ui/control.module.css';
import dialogStyles from '../FormModalButton/FormModalButton.module.css';
import styles from './LocationDetail.module.css';

export interface HoursTable {
  id: number;
  label: string;
  status?: string;
  rows: { label: string; hours: string }[];
  /** Days in the coming week whose holiday hours replace the usual ones. */
  changes: { date: string; name?: string; hours: string }[];
}

function Table({ table, caption }: { table: HoursTable; caption: string }) {
  return (
    <>
      {table.status ? <p className={`${styles.hoursStatus} location-hours__status`}>{table.status}</p> : null}
      <table className={styles.hoursTable}>
        <caption className="visually-hidden">{caption}</caption>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.hours}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {table.changes.length ? (
        <div className={styles.hoursChanges}>
          <p>Changed hours this week:</p>
          <ul>
            {table.changes.map((c) => (
              <li key={c.date}>
                <strong>
                  {c.date}
                  {c.name ? ` (${c.name})` : ''}:
                </strong>{' '}
                {c.hours}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/**
 * conversion §2.5 opening-hours page: when a street has several location types the shopper picks
 * sales, service or parts and sees that one's hours.
 */
export function HoursPicker({ tables, name }: { tables: HoursTable[]; name: string }) {
  const [selected, setSelected] = useState(tables[0]?.id);
  const id = useId();
  const table = tables.find((t) => t.id === selected) ?? tables[0];
  if (!table) return null;
  return (
    <div className="location-hours">
      {tables.length > 1 ? (
        <div className={styles.hoursPicker}>
          <label htmlFor={id}>Show opening hours for</label>
          <select
            className={controlStyles.control}
            id={id}
            value={table.id}
            onChange={(e) => setSelected(Number(e.target.value))}
          >
            {tables.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Table table={table} caption={`Opening hours of ${name}: ${table.label}`} />
    </div>
  );
}

/** conversion §4.8: the holiday hours dialog opens and closes. */
export function HolidayHoursDialog({ days }: { days: { date: string; name?: string; hours: string }[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  return (
    <>
      <button
        type="button"
        className={buttonClass('outline')}
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        Holiday hours
      </button>
      <dialog ref={dialog} className={dialogStyles.dialog} aria-labelledby={headingId}>
        <div className={dialogStyles.bar}>
          <h2 id={headingId}>Holiday hours</h2>
          <button
            type="button"
            className={dialogStyles.close}
            aria-label="Close"
            onClick={() => dialog.current?.close()}
          >
            ×
          </button>
        </div>
        {days.length ? (
          <table className={styles.hoursTable}>
            <caption className="visually-hidden">Holiday hours</caption>
            <tbody>
              {days.map((d) => (
                <tr key={d.date}>
                  <th scope="row">
                    {d.date}
                    {d.name ? <span className={styles.holiday}> {d.name}</span> : null}
                  </th>
                  <td>{d.hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>No holiday hours are coming up: we are open our usual hours.</p>
        )}
      </dialog>
    </>
  );
}

/**
 * The map loads only when asked (it comes from an outside map service): until then, and whenever
 * that service cannot be reached, the address and the directions link do the job.
 */
export function LocationMap({ lat, lng, name }: { lat: number; lng: number; name: string }) {
  const [shown, setShown] = useState(false);
  const d = 0.01;
  const src = `https://www.openstreetmap.org/export/embed.html?bbox=${lng - d}%2C${lat - d}%2C${lng + d}%2C${lat + d}&layer=mapnik&marker=${lat}%2C${lng}`;
  // The area keeps its size (catalogue §9: at least 400 px high) before and after the map loads.
  return (
    <div className={`${styles.mapArea} location-map`}>
      {shown ? (
        <iframe
          className={styles.mapFrame}
          title={`Map of ${name}`}
          src={src}
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      ) : (
        <button type="button" className={`${buttonClass('outline')} location-map__show`} onClick={() => setShown(true)}>
          Show map
        </button>
      )}
    </div>
  );
}
