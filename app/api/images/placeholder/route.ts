/**
 * GET /api/images/placeholder[?body=<body type>]: the picture shown for a vehicle without photos
 * (issue 18): a silhouette of its body type with "Photo coming soon". The words come from a fixed
 * table (domain/photo-placeholder.ts), never from the address. The same for every site.
 */
import { placeholderResponse } from '@/services/images';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Response {
  return placeholderResponse(new URL(request.url).searchParams.get('body'), 'public, max-age=86400');
}
