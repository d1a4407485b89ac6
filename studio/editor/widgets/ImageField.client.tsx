'use client';
/**
 * The image field of the Studio's forms (issue 16; ui-schema.ts gives it to every `tenant.image`
 * and `tenant.logo`): a thumbnail, an upload (stored by POST /api/studio/sites/<slug>/media as
 * WebP, at most 2000 px, which answers the src, width and height to put in the document), the alt
 * text with a warning while it is empty, and the path itself for an image already on the platform.
 * The server's messages for src, alt, width and height show beside their inputs; the object's own
 * show under the field (rjsf's field template), and the inputs point at them. Beside the upload, how
 * much of the site's media quota its pictures take (GET .../media, issue 30), read once per site
 * by every image field of the page and again after each upload.
 *
 * Issue 33: "Choose from the library…" opens the site's picture library (PictureLibrary) to use a
 * picture again, cropped to the field's shape with a focal point; "Crop and focal point…" crops the
 * field's own Studio picture again. The crop is written into the picture's address, the focal point
 * beside it (`focus`), and the width and height are the crop's.
 */
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { errorId, getUiOptions, type ErrorSchema, type FieldProps } from '@rjsf/utils';
import type { JsonObject } from '../editor-types';
import { ASPECT_KEYWORD, focusOf, studioPictureOf, type Focus } from '../../../domain/studio/picture-crop';
import { PictureLibrary, type ChosenPicture } from './PictureLibrary.client';

/** What the upload accepts; the server reads the file itself and refuses anything else with a sentence. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
/** The server's limit (services/studio-media): larger files are refused here, before they are sent. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const ALT_LABEL = 'Alt text (describes the image for people who cannot see it)';

interface ImageValue extends JsonObject {
  src?: string;
  alt?: string;
  width?: number;
  height?: number;
  focus?: JsonObject;
}

interface Uploaded {
  src: string;
  width: number;
  height: number;
}

/** The site's pictures against its quota, as GET /api/studio/sites/<slug>/media answers. */
interface MediaUsage {
  usedBytes: number;
  quotaBytes: number;
  /** "12.4 MB of 200 MB used". */
  text: string;
}

/** Sent on window when an upload changed a site's usage, with the slug: every image field reads it again. */
const USAGE_CHANGED = 'studio-media-usage-changed';
/** One request per site for all the image fields on a page (a page of blocks has many). */
const usageRequests = new Map<string, Promise<MediaUsage | undefined>>();

function isUsage(value: unknown): value is MediaUsage {
  return (
    isObject(value) &&
    typeof value.usedBytes === 'number' &&
    typeof value.quotaBytes === 'number' &&
    typeof value.text === 'string'
  );
}

function siteUsage(slug: string): Promise<MediaUsage | undefined> {
  let request = usageRequests.get(slug);
  if (!request) {
    request = fetch(`/api/studio/sites/${encodeURIComponent(slug)}/media`, { headers: { accept: 'application/json' } })
      .then(async (response) => {
        const body: unknown = response.ok ? await response.json() : undefined;
        return isUsage(body) ? body : undefined;
      })
      // Usage is a help, not the upload: when it cannot be read the field simply does not show it.
      .catch(() => undefined);
    usageRequests.set(slug, request);
  }
  return request;
}

function usageChanged(slug: string) {
  usageRequests.delete(slug);
  window.dispatchEvent(new CustomEvent(USAGE_CHANGED, { detail: slug }));
}

/** The site's media usage, read when the field appears and whenever an upload changes it. */
function useMediaUsage(slug: string | undefined): MediaUsage | undefined {
  const [usage, setUsage] = useState<MediaUsage | undefined>();
  useEffect(() => {
    if (!slug) return;
    let live = true;
    const read = () =>
      void siteUsage(slug).then((next) => {
        if (live && next) setUsage(next);
      });
    read();
    const onChange = (event: Event) => {
      if (event instanceof CustomEvent && event.detail === slug) read();
    };
    window.addEventListener(USAGE_CHANGED, onChange);
    return () => {
      live = false;
      window.removeEventListener(USAGE_CHANGED, onChange);
    };
  }, [slug]);
  return usage;
}

type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; file: string; percent: number | undefined }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function slugOf(formContext: unknown): string | undefined {
  return isObject(formContext) && typeof formContext.slug === 'string' ? formContext.slug : undefined;
}

/** "backgroundImage" -> "Background image": the field's name when its schema has no title for people. */
function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words && !/^\d+$/.test(words) ? words.charAt(0).toUpperCase() + words.slice(1) : 'Image';
}

/** The messages rjsf holds for one key of the object. */
function errorsAt(errorSchema: ErrorSchema | undefined, key: string): string[] {
  const child: unknown = isObject(errorSchema) ? errorSchema[key] : undefined;
  const list: unknown = isObject(child) ? child.__errors : undefined;
  return Array.isArray(list) ? list.filter((e): e is string => typeof e === 'string' && e !== '') : [];
}

function isUploaded(value: unknown): value is Uploaded {
  return (
    isObject(value) &&
    typeof value.src === 'string' &&
    typeof value.width === 'number' &&
    typeof value.height === 'number'
  );
}

/**
 * The width and height to write for an upload. Most images take the picture's own size; an image
 * whose schema gives a default display height (the logo's 48 px, and the header shows it 48 px
 * high) takes the picture's shape at that height, so next/image offers the header a logo-sized
 * picture, not a 2000-pixel one.
 */
function sizeFor(schema: unknown, stored: Uploaded): { width: number; height: number } {
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const heightSchema = properties.height;
  const display = isObject(heightSchema) ? heightSchema.default : undefined;
  if (typeof display !== 'number' || !Number.isInteger(display) || display < 1 || stored.height <= display)
    return { width: stored.width, height: stored.height };
  return { width: Math.max(1, Math.round((stored.width * display) / stored.height)), height: display };
}

/** Sends the file as a form; XMLHttpRequest rather than fetch, for the upload's progress. */
function sendFile(slug: string, file: File, onProgress: (percent: number) => void): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/studio/sites/${encodeURIComponent(slug)}/media`);
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      const body: unknown = request.response;
      if (request.status === 201 && isUploaded(body)) return resolve(body);
      const message = isObject(body) && typeof body.message === 'string' ? body.message : undefined;
      reject(new Error(message ?? `The upload failed (the server answered ${request.status}). Please try again.`));
    });
    request.addEventListener('error', () =>
      reject(new Error('The upload did not reach the server. Check the connection and try again.')),
    );
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

const fieldset: CSSProperties = {
  display: 'grid',
  gap: '0.75rem',
  border: '1px solid var(--studio-line, #cfd6de)',
  borderRadius: '6px',
  padding: '0.75rem 1rem',
  margin: 0,
};
const legend: CSSProperties = { fontWeight: 600, padding: '0 0.25rem' };
const row: CSSProperties = { display: 'grid', gap: '0.25rem' };
const thumbBox: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '15rem',
  maxWidth: '100%',
  height: '8rem',
  border: '1px dashed #8a949e',
  borderRadius: '4px',
  // A light check, so a white or transparent logo is still visible.
  background: 'repeating-conic-gradient(#eef1f4 0 25%, #ffffff 0 50%) 0 0 / 16px 16px',
  color: 'var(--studio-muted, #4a5563)',
  overflow: 'hidden',
};
const thumb: CSSProperties = { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' };
const danger: CSSProperties = { margin: 0, color: 'var(--studio-danger, #a4161a)', fontWeight: 600 };
const warning: CSSProperties = {
  margin: 0,
  padding: '0.25rem 0.5rem',
  borderLeft: '4px solid #7a4100',
  background: '#fff7ec',
};
const muted: CSSProperties = { margin: 0, color: 'var(--studio-muted, #4a5563)', fontSize: '0.9rem' };

function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  if (!errors.length) return null;
  return (
    <ul id={id} style={{ ...danger, paddingLeft: '1.25rem' }}>
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

export function ImageField(props: FieldProps) {
  const { formData, onChange, fieldPathId, name, schema, uiSchema, registry, errorSchema, rawErrors } = props;
  const { disabled, readonly, hideError } = props;
  const value: ImageValue = isObject(formData) ? formData : {};
  const base = useId();
  const id = fieldPathId.$id;
  const slug = slugOf(registry.formContext);

  // The document may change while a file uploads (the alt text typed meanwhile): the answer is
  // merged into the latest value, not the one the upload started from.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  const [upload, setUpload] = useState<UploadState>({ kind: 'idle' });
  const [brokenSrc, setBrokenSrc] = useState<string | undefined>();
  const [library, setLibrary] = useState<'choose' | 'crop' | undefined>();
  const usage = useMediaUsage(slug);

  // The field's own title (the Hero's "Picture", a tile's "Image"), as the rest of the form names fields.
  const title = getUiOptions(uiSchema).title ?? (typeof schema.title === 'string' ? schema.title : humanise(name));
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  const locked = Boolean(disabled || readonly);
  const src = typeof value.src === 'string' ? value.src : '';
  const alt = typeof value.alt === 'string' ? value.alt : '';
  const showable = src.startsWith('/') && !src.startsWith('//');
  // Issue 33: a Studio picture can be cropped again; the field keeps a focal point when its schema has one.
  const studioPicture = studioPictureOf(src);
  const withFocus = isObject(schema.properties) && isObject(schema.properties.focus);
  const shape: unknown = (schema as Record<string, unknown>)[ASPECT_KEYWORD];
  const focus: Focus | undefined = focusOf(value.focus);

  const set = (next: ImageValue) => {
    // Nothing left: the key goes, so an optional image is simply not there.
    const kept = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined));
    onChange(Object.keys(kept).length ? kept : undefined, fieldPathId.path);
  };
  const setKey = (key: keyof ImageValue, keyValue: string | number | undefined) =>
    set({ ...latest.current, [key]: keyValue });

  const errors: Record<'src' | 'alt' | 'size', string[]> = hideError
    ? { src: [], alt: [], size: [] }
    : {
        src: errorsAt(errorSchema, 'src'),
        alt: errorsAt(errorSchema, 'alt'),
        size: [...errorsAt(errorSchema, 'width'), ...errorsAt(errorSchema, 'height')],
      };
  const objectErrors = !hideError && (rawErrors?.length ?? 0) > 0 ? errorId(fieldPathId) : undefined;
  const ids = {
    description: `${base}-description`,
    upload: `${base}-upload`,
    status: `${base}-status`,
    usage: `${base}-usage`,
    alt: `${base}-alt`,
    altWarning: `${base}-alt-warning`,
    altErrors: `${base}-alt-errors`,
    src: `${base}-src`,
    srcHelp: `${base}-src-help`,
    srcErrors: `${base}-src-errors`,
    sizeErrors: `${base}-size-errors`,
  };
  const describedBy = (...list: (string | false | undefined)[]) => list.filter(Boolean).join(' ') || undefined;

  function onChosen(chosen: ChosenPicture) {
    setLibrary(undefined);
    const current = latest.current;
    const alt = typeof current.alt === 'string' && current.alt.trim() !== '' ? current.alt : chosen.alt;
    set({
      ...current,
      src: chosen.src,
      ...sizeFor(schema, chosen),
      alt,
      focus: chosen.focus ? { x: chosen.focus.x, y: chosen.focus.y } : undefined,
    });
    setUpload({
      kind: 'done',
      message: `Chose a picture of ${chosen.width} × ${chosen.height} pixels from the library.${alt.trim() ? '' : ' Now describe it in the alt text.'}`,
    });
  }

  async function onFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    // The same file can be chosen again after a failure.
    input.value = '';
    if (!slug) {
      setUpload({ kind: 'failed', message: 'Uploads are not available here: reload the editor and try again.' });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setUpload({
        kind: 'failed',
        message: `${file.name} is larger than 10 MB: save it smaller and upload it again.`,
      });
      return;
    }
    setUpload({ kind: 'uploading', file: file.name, percent: undefined });
    try {
      const stored = await sendFile(slug, file, (percent) =>
        setUpload({ kind: 'uploading', file: file.name, percent }),
      );
      const current = latest.current;
      // A new picture: the last one's focal point does not apply to it.
      set({ ...current, src: stored.src, ...sizeFor(schema, stored), focus: undefined });
      const described = typeof current.alt === 'string' && current.alt.trim() !== '';
      setUpload({
        kind: 'done',
        message: `Uploaded ${file.name} (${stored.width} × ${stored.height} pixels).${described ? '' : ' Now describe it in the alt text.'}`,
      });
    } catch (error) {
      setUpload({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      usageChanged(slug);
    }
  }

  return (
    <fieldset id={id} style={fieldset} aria-describedby={describedBy(description && ids.description, objectErrors)}>
      <legend style={legend}>
        {title}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {description ? (
        <p id={ids.description} style={muted}>
          {description}
        </p>
      ) : null}

      <div style={thumbBox}>
        {showable && brokenSrc !== src ? (
          // eslint-disable-next-line @next/next/no-img-element -- a preview of whatever path is typed, at its own size
          <img
            src={src}
            alt={alt}
            style={thumb}
            {...(typeof value.width === 'number' ? { width: value.width } : {})}
            {...(typeof value.height === 'number' ? { height: value.height } : {})}
            onError={() => setBrokenSrc(src)}
          />
        ) : (
          <span>{src ? 'No preview: the image cannot be loaded from this path.' : 'No image yet.'}</span>
        )}
      </div>

      {slug && !locked ? (
        <p style={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
          <button type="button" onClick={() => setLibrary('choose')}>
            Choose from the library…
          </button>
          {studioPicture ? (
            <button type="button" onClick={() => setLibrary('crop')}>
              Crop and focal point…
            </button>
          ) : null}
        </p>
      ) : null}
      {focus && withFocus ? (
        <p style={muted}>
          Focal point: {focus.x}% across, {focus.y}% down. The site keeps this part in view where it cuts the picture to
          fit.
        </p>
      ) : null}
      {library && slug ? (
        <PictureLibrary
          slug={slug}
          current={library === 'crop' && studioPicture ? { src, focus } : undefined}
          fieldTitle={title}
          fieldShape={typeof shape === 'string' ? shape : undefined}
          withFocus={withFocus}
          onChoose={onChosen}
          onClose={() => setLibrary(undefined)}
        />
      ) : null}

      <div style={row}>
        <label htmlFor={ids.upload}>Upload image</label>
        <input
          type="file"
          id={ids.upload}
          accept={ACCEPT}
          disabled={locked || upload.kind === 'uploading'}
          aria-describedby={describedBy(ids.status, usage && ids.usage)}
          onChange={(event) => void onFile(event.currentTarget)}
        />
        <p style={muted}>
          JPEG, PNG, WebP, AVIF or GIF, up to 10 MB and 50 megapixels. It is resized to at most 2000 pixels.
        </p>
        {usage ? (
          <p id={ids.usage} style={usage.usedBytes >= usage.quotaBytes ? warning : muted}>
            This site&apos;s images: {usage.text}
            {usage.usedBytes >= usage.quotaBytes
              ? '. The site has no room for more images: delete pictures it no longer needs in the library.'
              : '. Every upload is kept in the library, to use again anywhere on the site.'}
          </p>
        ) : null}
        {upload.kind === 'uploading' ? (
          <progress
            max={100}
            {...(upload.percent === undefined ? {} : { value: upload.percent })}
            aria-label={`Uploading ${upload.file}`}
          />
        ) : null}
        <p id={ids.status} role="status" style={upload.kind === 'failed' ? danger : { margin: 0 }}>
          {upload.kind === 'uploading' ? `Uploading ${upload.file}…` : upload.kind === 'idle' ? '' : upload.message}
        </p>
      </div>

      <div style={row}>
        <label htmlFor={ids.alt}>{ALT_LABEL}</label>
        <input
          type="text"
          id={ids.alt}
          value={alt}
          disabled={disabled}
          readOnly={readonly}
          aria-invalid={errors.alt.length > 0 || undefined}
          aria-describedby={describedBy(!alt.trim() && ids.altWarning, errors.alt.length > 0 && ids.altErrors)}
          onChange={(event) => setKey('alt', event.target.value)}
        />
        {!alt.trim() ? (
          <p id={ids.altWarning} style={warning}>
            The alt text is empty: people who use a screen reader will not know what this image shows.
          </p>
        ) : null}
        <FieldErrors id={ids.altErrors} errors={errors.alt} />
      </div>

      <div style={row}>
        <label htmlFor={ids.src}>Image path (advanced)</label>
        <input
          type="text"
          id={ids.src}
          value={src}
          disabled={disabled}
          readOnly={readonly}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={errors.src.length > 0 || undefined}
          aria-describedby={describedBy(ids.srcHelp, errors.src.length > 0 && ids.srcErrors)}
          onChange={(event) => setKey('src', event.target.value)}
          style={{ fontFamily: 'ui-monospace, monospace' }}
        />
        <p id={ids.srcHelp} style={muted}>
          Filled in by an upload. A path on this platform, starting with / (for example /assets/logo.png).
        </p>
        <FieldErrors id={ids.srcErrors} errors={errors.src} />
        <FieldErrors id={ids.sizeErrors} errors={errors.size} />
      </div>

      {src || alt ? (
        <p style={{ margin: 0 }}>
          <button type="button" disabled={locked} onClick={() => set({})}>
            Remove image
          </button>
        </p>
      ) : null}
    </fieldset>
  );
}
