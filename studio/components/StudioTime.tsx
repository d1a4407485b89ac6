/** A time in the Studio: en-AU wording in the platform's time zone, with the exact instant in `datetime`. */
const FORMAT = new Intl.DateTimeFormat('en-AU', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: process.env.STUDIO_TIME_ZONE ?? 'Australia/Sydney',
});

export function studioTimeText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : FORMAT.format(date);
}

export function StudioTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{studioTimeText(iso)}</time>;
}
