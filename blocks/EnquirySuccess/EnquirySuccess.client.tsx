'use client';

import { useAtomValue } from 'jotai';
import { successMarkerAtom } from '../../components/shopper/user-details';
import styles from './EnquirySuccess.module.css';

/** The personal part of the thank-you: only this browser knows who just sent which form. */
export function SuccessDetails({ site }: { site: string }) {
  // null on the server and in the first render, so hydration matches; the stored marker shows right after.
  const marker = useAtomValue(successMarkerAtom(site));
  if (!marker) return null;
  return (
    <div className={`${styles.details} success__details`}>
      <p>
        {marker.name ? `Thanks, ${marker.name}. ` : ''}We have received your {marker.title.toLowerCase()}
        {marker.car ? (
          <>
            {' '}
            about the <a href={`/cars/${marker.car.slug}`}>{marker.car.name}</a>
          </>
        ) : null}
        .
      </p>
      <p>
        Your reference number is <strong>{marker.leadId}</strong>.
      </p>
    </div>
  );
}
