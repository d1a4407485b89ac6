'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import type { CompiledForm } from '../../domain/forms/compile-form';
import { locationGridColumns } from '../../domain/locations/location-grid';
import {
  LOCATION_QUERY_PARAM,
  LOCATION_SEARCH_PLACEHOLDER,
  filterLocationsByQuery,
} from '../../domain/locations/location-search';
import { locationTabItems, type LocationTabMode } from '../../domain/locations/location-tabs';
import { FormDialog } from '../FormModalButton/FormDialog.client';
import { useRovingTabs } from '../../components/shopper/use-roving-tabs';
import type { DealershipLocations, LocationCard } from '../../server/page-data/locations-data';
import { buttonClass } from '../../components/ui/button';
import { BookServiceLink } from '../../components/ui/BookServiceLink';
import controlStyles from '../../components/ui/control.module.css';
import formStyles from '../../components/ui/form.module.css';
import styles from './LocationsListing.module.css';

interface Props {
  site: string;
  dealerships: DealershipLocations[];
  nearest: boolean;
  tabMode: LocationTabMode;
  enquiryForm?: CompiledForm;
}

const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

function Card({
  location,
  site,
  enquiryForm,
  distance,
}: {
  location: LocationCard;
  site: string;
  enquiryForm?: CompiledForm;
  distance?: number;
}) {
  const address = [location.street, [location.city, location.state, location.postcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <li className={`${styles.card} location-card`}>
      <h3 className={styles.name}>
        <a href={location.pageHref}>{location.name}</a>
      </h3>
      {distance !== undefined ? (
        <p className={`${styles.distance} location-card__distance`}>
          {distance < 10 ? distance.toFixed(1) : Math.round(distance)} km away
        </p>
      ) : null}
      {address ? <p className={styles.address}>{address}</p> : null}
      <div className={styles.actions}>
        {/* catalogue §2: parts locations show Parts Enquiry instead of a phone number. */}
        {location.partsHref ? (
          <a className={buttonClass('secondary')} href={location.partsHref}>
            Parts Enquiry
          </a>
        ) : location.phone ? (
          <a className={buttonClass('secondary')} href={telHref(location.phone)}>
            <span className="visually-hidden">Call {location.name} on </span>
            {location.phone}
          </a>
        ) : null}
        <a className={buttonClass('primary')} href={location.contact.href}>
          {location.contact.label}
          <span className="visually-hidden"> – {location.name}</span>
        </a>
        {location.bookingHref ? (
          <BookServiceLink className={buttonClass('outline')} href={location.bookingHref} />
        ) : null}
        {location.websiteHref ? (
          <a className={buttonClass('outline')} href={location.websiteHref} rel="noopener">
            Visit Website
          </a>
        ) : null}
        {enquiryForm ? (
          <FormDialog
            site={site}
            label="Send Enquiry"
            style="outline"
            form={enquiryForm}
            locationId={location.id}
            dialogTitle={`Send an enquiry to ${location.name}`}
            labelContext={location.name}
          />
        ) : null}
      </div>
    </li>
  );
}

/** WAI-ARIA tabs: arrow keys move between tabs, Home/End jump, the panel follows the selected tab. */
function DealershipBlock({
  dealership,
  site,
  tabMode,
  enquiryForm,
  distances,
}: {
  dealership: DealershipLocations;
  site: string;
  tabMode: LocationTabMode;
  enquiryForm?: CompiledForm;
  distances?: ReadonlyMap<number, number>;
}) {
  const nearness = (l: LocationCard) => distances?.get(l.id) ?? Infinity;
  const byDistance = (a: LocationCard, b: LocationCard) => nearness(a) - nearness(b);
  const items = locationTabItems(
    dealership.locations.map((l) => ({ ...l, location_type: l.type })),
    tabMode,
  ).map((item) => (distances ? { ...item, locations: [...item.locations].sort(byDistance) } : item));
  // With one tab per location, the nearest location's tab comes first once distances are known.
  if (distances && tabMode === 'location')
    items.sort((a, b) => nearness(a.locations[0] as LocationCard) - nearness(b.locations[0] as LocationCard));
  const keys = items.map((item) => item.key);
  // The list changes when its locations or its tabs' order do (one tab per location follows
  // distance); sorting the cards within a tab by distance is not a new list.
  const listKey = `${dealership.locations.map((l) => l.id).join(',')}|${keys.join(',')}`;
  // catalogue §4: the first tab is selected at first and whenever the list changes.
  const [selection, setSelection] = useState<{ key: string; tab: string | undefined }>({
    key: listKey,
    tab: keys[0],
  });
  const tab = selection.key === listKey && selection.tab && keys.includes(selection.tab) ? selection.tab : keys[0];
  const select = (next: string | undefined) => setSelection({ key: listKey, tab: next });
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const roving = useRovingTabs(keys, select);
  const shown = items.find((item) => item.key === tab)?.locations ?? [];
  const columns = locationGridColumns(shown.length);
  const tabbed = items.length > 1;
  return (
    <section className={`${styles.dealership} locations__dealership`} aria-labelledby={`${base}-heading`}>
      <h2 id={`${base}-heading`}>{dealership.name}</h2>
      {tabbed ? (
        <div
          role="tablist"
          aria-label={`${dealership.name} ${tabMode === 'location' ? 'locations' : 'location types'}`}
          className={styles.tabs}
        >
          {items.map((item, i) => (
            <button
              key={item.key}
              ref={roving.ref(i)}
              type="button"
              role="tab"
              id={`${base}-tab-${item.key}`}
              aria-selected={item.key === tab}
              aria-controls={`${base}-panel`}
              tabIndex={item.key === tab ? 0 : -1}
              className={styles.tab}
              onClick={() => select(item.key)}
              onKeyDown={(e) => roving.onKeyDown(e, i)}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
      <div
        id={`${base}-panel`}
        role={tabbed ? 'tabpanel' : undefined}
        aria-labelledby={tabbed && tab ? `${base}-tab-${tab}` : undefined}
      >
        <ul className={`${styles.grid} ${styles[`span${columns}`]}`}>
          {shown.map((l) => (
            <Card
              key={l.id}
              location={l}
              site={site}
              {...(enquiryForm ? { enquiryForm } : {})}
              {...(distances?.has(l.id) ? { distance: distances.get(l.id) } : {})}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}

export function LocationsExplorer({ site, dealerships, nearest, tabMode, enquiryForm }: Props) {
  // The server renders every location (for search engines and before scripts run); a
  // ?locationQuery= in the address is applied once the page is live.
  const [query, setQuery] = useState('');
  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get(LOCATION_QUERY_PARAM);
    if (!asked) return;
    const frame = requestAnimationFrame(() => setQuery(asked));
    return () => cancelAnimationFrame(frame);
  }, []);
  const [postcode, setPostcode] = useState('');
  const [distances, setDistances] = useState<ReadonlyMap<number, number>>();
  const [nearestError, setNearestError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onQuery = (value: string) => {
    setQuery(value);
    // catalogue §2: the box writes locationQuery to the URL on every change.
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(LOCATION_QUERY_PARAM, value);
    else next.delete(LOCATION_QUERY_PARAM);
    const search = next.toString();
    // The history API (which Next keeps in step with useSearchParams) changes the address without a server round trip.
    window.history.replaceState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
  };

  const filtered = useMemo(
    () =>
      dealerships
        .map((d) => ({
          ...d,
          locations: filterLocationsByQuery(
            d.locations.map((l) => ({
              ...l,
              location_type: l.type,
              address: { street: l.street, postcode: l.postcode },
            })),
            query,
          ),
        }))
        .filter((d) => d.locations.length > 0),
    [dealerships, query],
  );
  const total = filtered.reduce((n, d) => n + d.locations.length, 0);
  // Nearest first across dealerships too: the block with the closest location leads.
  const ordered = distances
    ? [...filtered].sort(
        (a, b) =>
          Math.min(...a.locations.map((l) => distances.get(l.id) ?? Infinity)) -
          Math.min(...b.locations.map((l) => distances.get(l.id) ?? Infinity)),
      )
    : filtered;

  const findNearest = async () => {
    setBusy(true);
    setNearestError(undefined);
    try {
      const response = await fetch(`/api/locations/nearest?postcode=${encodeURIComponent(postcode.trim())}`);
      const body = (await response.json().catch(() => ({
        error: 'We cannot look up postcodes just now. Please try again shortly, or search the locations by name.',
      }))) as { locations?: { id: number; km: number }[]; error?: string };
      if (!response.ok || !body.locations) throw new Error(body.error ?? 'Invalid postcode');
      setDistances(new Map(body.locations.map((l) => [l.id, l.km])));
    } catch (error) {
      setDistances(undefined);
      setNearestError(error instanceof Error ? error.message : 'Invalid postcode');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="locations__explorer">
      <div className={styles.tools}>
        <div className={styles.search}>
          <label htmlFor="location-query" className="visually-hidden">
            Search locations
          </label>
          <input
            className={controlStyles.control}
            id="location-query"
            type="search"
            placeholder={LOCATION_SEARCH_PLACEHOLDER}
            value={query}
            onChange={(e) => onQuery(e.target.value)}
          />
        </div>
        {nearest ? (
          <form
            className={styles.nearest}
            onSubmit={(e) => {
              e.preventDefault();
              void findNearest();
            }}
          >
            <label htmlFor="nearest-postcode">Your postcode</label>
            <input
              className={controlStyles.control}
              id="nearest-postcode"
              inputMode="numeric"
              maxLength={4}
              autoComplete="postal-code"
              value={postcode}
              onChange={(e) => setPostcode(e.target.value)}
              aria-invalid={nearestError ? true : undefined}
              aria-describedby={nearestError ? 'nearest-error' : undefined}
            />
            <button type="submit" className={buttonClass('outline')} disabled={busy}>
              Find nearest
            </button>
            {nearestError ? (
              <p id="nearest-error" className={`${formStyles.error} ${styles.nearestError}`} role="alert">
                {nearestError}
              </p>
            ) : null}
          </form>
        ) : null}
      </div>
      <p className={`${styles.count} locations__count`} role="status">
        {total === 0
          ? 'No locations match your search.'
          : `${total} location${total === 1 ? '' : 's'}${distances ? ', nearest first' : ''}`}
      </p>
      {ordered.map((d) => (
        <DealershipBlock
          key={d.id}
          dealership={d}
          site={site}
          tabMode={tabMode}
          {...(enquiryForm ? { enquiryForm } : {})}
          {...(distances ? { distances } : {})}
        />
      ))}
    </div>
  );
}
