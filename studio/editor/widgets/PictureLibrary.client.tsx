'use client';
/**
 * The picture library (issue 33), opened from any image field: the site's pictures (and, for a
 * site of a dealer group, the group's other sites' that the editor may edit), each with its name,
 * size, alt text and where the site uses it. "Choose" goes on to the crop and focal point
 * (CropEditor) and then fills the field; "Delete" asks first and is refused while the site uses the
 * picture (the server checks the draft, the live site and waiting scheduled publishes, and says
 * where). A modal dialog: Escape or "Close" leaves it with the field unchanged.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { sizeWords, studioPictureOf, type Focus } from '../../../domain/studio/picture-crop';
import studio from '../../components/studio.module.css';
import { ConfirmDialog } from '../shared/ConfirmDialog.client';
import dialogCss from '../shared/confirm-dialog.module.css';
import { CropEditor, type CroppedPicture, type CropTarget } from './CropEditor.client';
import css from './picture-library.module.css';

export interface LibraryEntry {
  sha256: string;
  src: string;
  name: string;
  alt: string;
  width: number;
  height: number;
  size: string;
  site: { slug: string; name: string };
  own: boolean;
  uses: string[];
}

export interface ChosenPicture extends CroppedPicture {
  /** The library's alt text for the picture ('' when it has none). */
  alt: string;
}

interface Props {
  slug: string;
  /** Open at the crop of the field's current picture rather than at the list. */
  current?: { src: string; focus?: Focus | undefined } | undefined;
  fieldTitle: string;
  fieldShape?: string | undefined;
  withFocus: boolean;
  onChoose(picture: ChosenPicture): void;
  onClose(): void;
}

type Listing =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; pictures: LibraryEntry[]; site: string; group?: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const base = (slug: string) => `/api/studio/sites/${encodeURIComponent(slug)}/media/library`;

async function call(url: string, init: RequestInit): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    ...init,
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const body: unknown = await response.json().catch(() => ({}));
  return { ok: response.ok, body: isObject(body) ? body : {} };
}

const messageOf = (body: Record<string, unknown>, fallback: string) =>
  typeof body.message === 'string' ? body.message : fallback;

/** The library as GET .../media/library answers it, or why it cannot be read. */
async function readLibrary(slug: string): Promise<Listing> {
  try {
    const { ok, body } = await call(base(slug), { method: 'GET' });
    if (!ok || !Array.isArray(body.pictures))
      return { kind: 'failed', message: messageOf(body, 'The library could not be read. Please try again.') };
    return {
      kind: 'ready',
      pictures: body.pictures as LibraryEntry[],
      site: typeof body.site === 'string' ? body.site : '',
      ...(typeof body.group === 'string' ? { group: body.group } : {}),
    };
  } catch {
    return { kind: 'failed', message: 'The library could not be read: check the connection and try again.' };
  }
}

/** What to call a picture in words: its file name, else its size. */
const pictureName = (picture: Pick<LibraryEntry, 'name' | 'width' | 'height'>) =>
  picture.name || `Picture of ${sizeWords(picture.width, picture.height)}`;

/**
 * Each picture's name in the list, told apart where two would read the same (two uploads called
 * "banner.jpg"): then with its size, and if that is the same too, its place in the list. The
 * buttons' names ("Choose banner.jpg, 1200 × 400 pixels") say which picture they act on.
 */
export function libraryNames(pictures: readonly Pick<LibraryEntry, 'sha256' | 'name' | 'width' | 'height'>[]) {
  const count = (list: string[], item: string) => list.filter((x) => x === item).length;
  const plain = pictures.map(pictureName);
  const sized = pictures.map((p, i) =>
    count(plain, plain[i] ?? '') > 1 ? `${plain[i] ?? ''}, ${sizeWords(p.width, p.height)}` : (plain[i] ?? ''),
  );
  return new Map(
    pictures.map((p, i) => {
      const name = sized[i] ?? '';
      return [p.sha256, count(sized, name) > 1 ? `${name}, picture ${i + 1}` : name] as const;
    }),
  );
}

export function PictureLibrary({ slug, current, fieldTitle, fieldShape, withFocus, onChoose, onClose }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [listing, setListing] = useState<Listing>({ kind: 'loading' });
  const [status, setStatus] = useState('');
  const [cropping, setCropping] = useState<{ target: CropTarget; entry?: LibraryEntry; fromField: boolean }>();
  const [deleting, setDeleting] = useState<LibraryEntry>();
  const [alts, setAlts] = useState<Record<string, string>>({});

  const load = useCallback(() => readLibrary(slug).then(setListing), [slug]);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    heading.current?.focus();
    return () => {
      if (element?.open && typeof element.close === 'function') element.close();
    };
  }, []);

  useEffect(() => {
    // The list is read when the dialog opens (and again after a change below, by load()).
    let live = true;
    void readLibrary(slug).then((next) => {
      if (live) setListing(next);
    });
    return () => {
      live = false;
    };
  }, [slug]);

  // Opened from the field's "Crop and focal point…": the picture's own size comes from the picture itself.
  const picture = current ? studioPictureOf(current.src) : undefined;
  useEffect(() => {
    if (!picture || !current) return;
    const image = new Image();
    image.onload = () =>
      setCropping({
        target: {
          sha256: picture.sha256,
          name: '',
          width: image.naturalWidth,
          height: image.naturalHeight,
          crop: picture.crop,
          focus: current.focus,
        },
        fromField: true,
      });
    image.onerror = () => setStatus('The picture could not be loaded to crop it. Choose it again from the library.');
    image.src = `/media/studio/${picture.sha256}.webp`;
    // Read once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const close = () => {
    const element = dialog.current;
    if (element?.open && typeof element.close === 'function') element.close();
    onClose();
  };

  async function choose(entry: LibraryEntry) {
    if (!entry.own) {
      // A picture of another site of the group joins this site's library first.
      const { ok, body } = await call(base(slug), { method: 'POST', body: JSON.stringify({ sha256: entry.sha256 }) });
      if (!ok) return setStatus(messageOf(body, 'The picture could not be taken into this library. Please try again.'));
    }
    setCropping({
      target: { sha256: entry.sha256, name: pictureName(entry), width: entry.width, height: entry.height },
      entry,
      fromField: false,
    });
  }

  async function saveAlt(entry: LibraryEntry) {
    const alt = alts[entry.sha256] ?? entry.alt;
    const { ok, body } = await call(`${base(slug)}/${entry.sha256}`, {
      method: 'PATCH',
      body: JSON.stringify({ alt }),
    });
    setStatus(
      ok ? `Saved the alt text of ${pictureName(entry)}.` : messageOf(body, 'The alt text could not be saved.'),
    );
    if (ok) await load();
  }

  async function remove(entry: LibraryEntry) {
    setDeleting(undefined);
    const { ok, body } = await call(`${base(slug)}/${entry.sha256}`, { method: 'DELETE' });
    setStatus(messageOf(body, ok ? `Deleted ${pictureName(entry)}.` : 'The picture could not be deleted.'));
    await load();
  }

  const names = listing.kind === 'ready' ? libraryNames(listing.pictures) : new Map<string, string>();
  return (
    <dialog
      ref={dialog}
      className={`${dialogCss.dialog} ${css.dialog}`}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!deleting) close();
      }}
    >
      <div className={css.inner}>
        <div className={css.head}>
          <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className={css.title}>
            {cropping ? `Crop and focal point: ${fieldTitle}` : `Picture library: ${fieldTitle}`}
          </h2>
          <button type="button" className={`${studio.button} ${studio.secondary}`} onClick={close}>
            Close
          </button>
        </div>
        <p role="status" className={css.status}>
          {status}
        </p>

        {cropping ? (
          <CropEditor
            picture={cropping.target}
            fieldShape={fieldShape}
            withFocus={withFocus}
            backLabel={cropping.fromField ? 'Choose another picture' : 'Back to the library'}
            onBack={() => setCropping(undefined)}
            onUse={(result) => {
              const element = dialog.current;
              if (element?.open && typeof element.close === 'function') element.close();
              onChoose({ ...result, alt: cropping.entry?.alt ?? '' });
            }}
          />
        ) : listing.kind === 'loading' ? (
          <p>Reading the library…</p>
        ) : listing.kind === 'failed' ? (
          <p className={css.danger}>{listing.message}</p>
        ) : listing.pictures.length === 0 ? (
          <p>
            The library is empty. Close it and upload a picture in the field: every upload is kept here, to use again
            anywhere on the site.
          </p>
        ) : (
          <>
            <p className={css.muted}>
              {listing.pictures.length === 1 ? 'One picture' : `${listing.pictures.length} pictures`} of {listing.site}
              {listing.group ? ' and the other sites of its dealer group that you edit' : ''}, newest first.
            </p>
            <ul className={css.grid}>
              {listing.pictures.map((entry) => {
                const name = names.get(entry.sha256) ?? pictureName(entry);
                const altId = `${id}-alt-${entry.sha256}`;
                return (
                  <li key={entry.sha256} className={css.card}>
                    {/* eslint-disable-next-line @next/next/no-img-element -- the stored picture, as a thumbnail */}
                    <img src={entry.src} alt={entry.alt} loading="lazy" className={css.thumb} />
                    <p className={css.name}>{name}</p>
                    <p className={css.muted}>
                      {sizeWords(entry.width, entry.height)}, {entry.size}
                      {entry.own ? '' : `. From ${entry.site.name}`}
                    </p>
                    {entry.own ? (
                      entry.uses.length ? (
                        <div className={css.muted}>
                          Used in:
                          <ul className={css.uses}>
                            {entry.uses.map((use) => (
                              <li key={use}>{use}</li>
                            ))}
                          </ul>
                        </div>
                      ) : (
                        <p className={css.muted}>Not used on this site.</p>
                      )
                    ) : null}
                    {entry.own ? (
                      <div className={css.altRow}>
                        <label htmlFor={altId}>Alt text of {name}</label>
                        <input
                          id={altId}
                          type="text"
                          value={alts[entry.sha256] ?? entry.alt}
                          onChange={(event) => setAlts({ ...alts, [entry.sha256]: event.target.value })}
                        />
                        <button
                          type="button"
                          className={`${studio.button} ${studio.secondary}`}
                          aria-label={`Save the alt text of ${name}`}
                          onClick={() => void saveAlt(entry)}
                        >
                          Save alt text
                        </button>
                      </div>
                    ) : null}
                    <div className={css.actions}>
                      <button
                        type="button"
                        className={studio.button}
                        aria-label={`Choose ${name}`}
                        onClick={() => void choose(entry)}
                      >
                        Choose
                      </button>
                      {entry.own && entry.uses.length === 0 ? (
                        <button
                          type="button"
                          className={`${studio.button} ${studio.secondary}`}
                          aria-label={`Delete ${name}`}
                          onClick={() => setDeleting(entry)}
                        >
                          Delete
                        </button>
                      ) : null}
                    </div>
                    {entry.own && entry.uses.length ? (
                      <p className={css.muted}>In use, so it cannot be deleted.</p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${names.get(deleting.sha256) ?? pictureName(deleting)}?`}
          confirmLabel="Delete picture"
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(undefined)}
        >
          <p>It leaves the library. Older versions in History that show it keep it; nothing on the site changes.</p>
        </ConfirmDialog>
      ) : null}
    </dialog>
  );
}
