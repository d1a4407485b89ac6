/**
 * GET /api/images?url=<photo address>&w=<width>[&body=<body type>]: a feed photo that is not one
 * of the platform's own pictures (issue 18), resized and cached (services/images). It is fetched
 * only from a host the platform (IMAGE_HOSTS) or this site (images.remoteHosts) allows; anything
 * that goes wrong with the photo answers the placeholder picture for the body type instead.
 * The site comes from the proxy's header, never from the request; the asker's address (as the
 * other API routes read it) counts the uncached photos it makes the server fetch.
 */
import { headers } from 'next/headers';
import { TENANT_HEADER } from '@/engine/tenant-header';
import { getTenant } from '@/engine/tenant-request';
import { callerAddress } from '@/server/http/api-request';
import { getPhotoProxy } from '@/services/images';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const requestHeaders = await headers();
  const tenant = getTenant(requestHeaders.get(TENANT_HEADER) ?? '');
  if (!tenant)
    return new Response('Unknown site', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  const query = new URL(request.url).searchParams;
  return getPhotoProxy().respond({
    url: query.get('url'),
    width: query.get('w'),
    body: query.get('body'),
    accept: request.headers.get('accept'),
    tenantHosts: tenant.images.remoteHosts,
    client: callerAddress(requestHeaders),
  });
}
