/**
 * GET /media/studio/<sha256>.webp: a picture uploaded in the Studio (services/studio-media), on
 * every host (the proxy leaves media/ alone) and through the image optimiser (next.config.ts
 * images.localPatterns allows /media/**). Cached for a year: the address is the bytes' SHA-256.
 */
import { serveStudioImage } from '@/services/studio-media';

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  return serveStudioImage((await params).file);
}
