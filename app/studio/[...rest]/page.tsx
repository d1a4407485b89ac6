/** Any other path on the Studio's host: the Studio's own 404 page (not a dealer site's). */
import { notFound } from 'next/navigation';

export const dynamic = 'force-dynamic';

export default function StudioUnknownPath(): never {
  notFound();
}
