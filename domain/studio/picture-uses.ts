import { studioPictureOf } from './picture-crop';

/**
 * Where a document shows Studio pictures (issue 33, the picture library): the JSON pointer of every
 * image reference (an object whose `src` is a Studio picture, cropped or not), by picture. The
 * Studio turns the pointers into words (change-story.ts fieldName); a picture with a use cannot be
 * deleted from the library.
 */
export function picturePointers(document: unknown): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (value: unknown, pointer: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${pointer}/${index}`));
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    const picture = typeof record.src === 'string' ? studioPictureOf(record.src) : undefined;
    if (picture) found.set(picture.sha256, [...(found.get(picture.sha256) ?? []), pointer]);
    for (const [key, child] of Object.entries(record))
      walk(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  walk(document, '');
  return found;
}
