/**
 * POST /api/studio/sites/<slug>/media: an image uploaded in the Studio's editor (issue 16), as
 * multipart form data with the file in the field `file`. Checked on the server like every Studio
 * call (studio-call.ts: host, method, CSRF, session, the site and the staff member's grant), then
 * stored as WebP by services/studio-media and written to the audit log.
 *
 *   201 { src: '/media/studio/<sha256>.webp', width, height }   what the image field puts in the document
 *   400 empty, too small, too many pixels (bit depth counted), not a form with a file
 *   413 over 10 MB, or over the site's media quota     415 not JPEG, PNG, WebP, AVIF or GIF; SVG; not multipart
 *   429 more than 30 uploads by this staff member in 10 minutes     503 too many uploads waiting to be decoded
 *
 * GET /api/studio/sites/<slug>/media: what the site's pictures take against its quota
 * ({ usedBytes, quotaBytes, images, text: '12.4 MB of 200 MB used' }), which the image field shows.
 *
 * The body is never read past 10 MB and a form's worth of headers, whatever Content-Length says,
 * and not at all when the staff member is over their limit or the site over its quota.
 */
import {
  mediaUsageText,
  TOO_MANY_UPLOADS,
  UPLOAD_WINDOW_MS,
  UPLOADS_PER_WINDOW,
} from '../../domain/studio/media-rules';
import { answer, readCappedBytes } from '../../server/http/api-request';
import { SharedRateLimit } from '../../services/rate-limit';
import { getTenantStore } from '../../services/tenant-store';
import {
  MAX_UPLOAD_BYTES,
  saveStudioImage,
  StudioImageError,
  studioMediaUsage,
  type StudioImageProblem,
} from '../../services/studio-media';
import { Refusal, siteCaller, studioCall } from './studio-call';

/** The upload limit, plus room for the form's boundaries and part headers. */
export const MAX_MEDIA_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/** What the audit log calls an upload. */
export const MEDIA_UPLOAD_ACTION = 'studio.media-upload';

const TOO_LARGE = `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: save it smaller and upload it again.`;
const SEND_A_FORM = 'Send the image as multipart/form-data, with the file in a field named "file".';

const STATUS: Record<StudioImageProblem, number> = {
  empty: 400,
  'too-large': 413,
  svg: 415,
  'not-an-image': 415,
  'unsupported-format': 415,
  'too-small': 400,
  'too-many-pixels': 400,
  busy: 503,
  'over-quota': 413,
};

/** Uploads per staff member, counted in the database so every process counts together. */
const uploads = new SharedRateLimit('studio-uploads', UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MS);

/** The uploaded file's bytes, or the refusal (not multipart, too large, no file). */
async function uploadedFile(request: Request): Promise<{ bytes: Uint8Array; name: string }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) throw new Refusal(415, SEND_A_FORM);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_MEDIA_BODY_BYTES) throw new Refusal(413, TOO_LARGE);
  const body = await readCappedBytes(request, MAX_MEDIA_BODY_BYTES);
  // Shorter than declared: cut off on the way (Next keeps only the first 10 MB of a body the proxy sees
  // unless experimental.proxyClientMaxBodySize says more), so the file was too large.
  if (body === undefined || (declared > 0 && body.byteLength < declared)) throw new Refusal(413, TOO_LARGE);
  let form: FormData;
  try {
    // The bytes already read, parsed by the runtime's multipart reader (Response.formData).
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new Refusal(400, `The upload could not be read. ${SEND_A_FORM}`);
  }
  const file = form.get('file');
  if (file === null || typeof file === 'string') throw new Refusal(400, SEND_A_FORM);
  // The file's own name, for the picture library: no folders, no control characters.
  const name = (file.name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return { bytes: new Uint8Array(await file.arrayBuffer()), name };
}

export function handleMediaUpload(request: Request, slug: string): Promise<Response> {
  return studioCall(async () => {
    const { staff, site } = await siteCaller(request, slug, 'POST');
    const author = staff.user.email;
    // Counted before the body is read. A limit that cannot be checked lets the upload go on: storing
    // it needs the same database, and the decode queue bounds the work anyway.
    if ((await uploads.attempt(author.toLowerCase())) === 'limited')
      throw new Refusal(429, TOO_MANY_UPLOADS, {}, { 'retry-after': String(UPLOAD_WINDOW_MS / 1000) });
    const { bytes, name } = await uploadedFile(request);
    const image = await saveStudioImage({ slug: site.slug, bytes, author, name }).catch((error: unknown) => {
      if (!(error instanceof StudioImageError)) throw error;
      const headers: Record<string, string> = error.problem === 'busy' ? { 'retry-after': '5' } : {};
      throw new Refusal(STATUS[error.problem], error.message, {}, headers);
    });
    await getTenantStore().audit({
      actor: author,
      action: MEDIA_UPLOAD_ACTION,
      slug: site.slug,
      detail: { src: image.src, width: image.width, height: image.height },
    });
    return answer(201, image);
  });
}

/** GET: the site's pictures against its quota, for the image field. */
export function handleMediaUsage(request: Request, slug: string): Promise<Response> {
  return studioCall(async () => {
    const { site } = await siteCaller(request, slug, 'GET');
    const usage = await studioMediaUsage(site.slug);
    return answer(200, { ...usage, text: mediaUsageText(usage.usedBytes, usage.quotaBytes) });
  });
}

/** /api/studio/sites/<slug>/media: GET (HEAD) the usage, POST an upload; anything else 405. */
export async function handleMedia(request: Request, slug: string): Promise<Response> {
  if (request.method === 'GET' || request.method === 'HEAD') return handleMediaUsage(request, slug);
  const response = await handleMediaUpload(request, slug);
  if (response.status === 405) response.headers.set('allow', 'GET, HEAD, POST');
  return response;
}
