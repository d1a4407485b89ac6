import { DEFAULT_MEDIA_QUOTA_BYTES, MB } from '../../domain/studio/media-rules';
import { getDatabase } from '../db/database';
import {
  addToLibrary,
  libraryOf,
  libraryPicture,
  removeFromLibrary,
  setLibraryAlt,
  type LibraryPicture,
} from './library';
import {
  studioImageResponse,
  studioMediaOver,
  type StoredStudioImage,
  type StudioImage,
  type StudioMedia,
  type StudioMediaUsage,
} from './studio-media';

export {
  createStudioMedia,
  MAX_SIDE,
  MAX_UPLOAD_BYTES,
  MIN_SIDE,
  prepareStudioImage,
  STUDIO_MEDIA_CONTENT_TYPE,
  STUDIO_MEDIA_PATH,
  StudioImageError,
  studioImageHash,
  studioImageResponse,
  studioImageSrc,
  studioMediaOver,
  type PreparedStudioImage,
  type StoredStudioImage,
  type StudioImage,
  type StudioImageProblem,
  type StudioMedia,
  type StudioMediaOptions,
  type StudioMediaUsage,
} from './studio-media';
export { collectUnusedMedia, type MediaCollection } from './collect-media';
export { MAX_LIBRARY_ALT, MAX_LIBRARY_NAME, type LibraryPicture } from './library';
export { DecodeQueue, processDecodeQueue } from './decode-queue';

/** STUDIO_MEDIA_QUOTA_MB: the megabytes of pictures each site may store (default 200). */
export function mediaQuotaBytes(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const text = env.STUDIO_MEDIA_QUOTA_MB;
  const value = Number(text);
  return text && Number.isInteger(value) && value >= 1 ? value * MB : DEFAULT_MEDIA_QUOTA_BYTES;
}

// The store holds no state of its own: one per process over the process-wide database.
let media: StudioMedia | undefined;

function studioMedia(): StudioMedia {
  media ??= studioMediaOver(() => getDatabase(), { quotaBytes: mediaQuotaBytes() });
  return media;
}

/**
 * Stores an uploaded picture for a site in the platform database (DATABASE_URL) and answers where
 * it is served; throws a StudioImageError with a sentence when the upload is refused.
 */
export function saveStudioImage(input: {
  slug: string;
  bytes: Uint8Array;
  author: string;
  name?: string;
}): Promise<StudioImage> {
  return studioMedia().save(input);
}

/** What the site's pictures take, against its quota (STUDIO_MEDIA_QUOTA_MB). */
export function studioMediaUsage(slug: string): Promise<StudioMediaUsage> {
  return studioMedia().usage(slug);
}

/** A stored picture by its SHA-256 (hex), or undefined. */
export function readStudioImage(sha256: string): Promise<StoredStudioImage | undefined> {
  return studioMedia().read(sha256);
}

/** GET /media/studio/<file>: the picture's bytes (WebP, cached for a year), or a plain 404. */
export function serveStudioImage(fileName: string): Promise<Response> {
  return studioImageResponse(studioMedia(), fileName);
}

/** The picture libraries of these sites (issue 33), newest first. */
export async function pictureLibrary(slugs: readonly string[]): Promise<LibraryPicture[]> {
  return libraryOf(await getDatabase(), slugs);
}

/** One picture of a site's library, or undefined. */
export async function libraryEntry(slug: string, sha256: string): Promise<LibraryPicture | undefined> {
  return libraryPicture(await getDatabase(), slug, sha256);
}

/** Puts a picture another site's library holds into this site's too (chosen from the dealer group's). */
export async function takeIntoLibrary(picture: LibraryPicture, slug: string, author: string): Promise<void> {
  await addToLibrary(await getDatabase(), {
    slug,
    sha256: picture.sha256,
    name: picture.name,
    alt: picture.alt,
    author,
    at: new Date().toISOString(),
  });
}

/** Sets the alt text the library offers; false when the site's library does not hold the picture. */
export async function setPictureAlt(slug: string, sha256: string, alt: string): Promise<boolean> {
  return setLibraryAlt(await getDatabase(), slug, sha256, alt);
}

/** Takes a picture off a site's library; false when it was not there. */
export async function deleteFromLibrary(slug: string, sha256: string): Promise<boolean> {
  return removeFromLibrary(await getDatabase(), slug, sha256);
}
