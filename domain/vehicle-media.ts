/**
 * The media viewer's rules (catalogue §3 Car media fields, §4 viewer): where a video sits among the
 * photos, how a video address is played, and which hotspots show at a spin angle.
 */

/** catalogue §4: the video is placed second in the slider by default. */
export const DEFAULT_VIDEO_POSITION = 2;

export type VideoSource =
  { kind: 'youtube'; id: string } | { kind: 'vimeo'; id: string } | { kind: 'file'; url: string };

/** How a video address plays: an embed for YouTube and Vimeo, the browser's player for a file. */
export function videoSource(url: string | undefined | null): VideoSource | undefined {
  if (!url) return undefined;
  const youtube = /(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{6,15})/.exec(url);
  if (youtube?.[1]) return { kind: 'youtube', id: youtube[1] };
  const vimeo = /vimeo\.com\/(?:video\/)?(\d{5,12})/.exec(url);
  if (vimeo?.[1]) return { kind: 'vimeo', id: vimeo[1] };
  if (/^(\/|https?:\/\/)[^\s]+\.(mp4|webm|m4v|mov)(\?.*)?$/i.test(url)) return { kind: 'file', url };
  return undefined;
}

/** The car's video: its `video_url`, else the first of its `videos` (catalogue §3 Car media fields). */
export function carVideoSource(car: {
  video_url?: string | null;
  videos?: ReadonlyArray<{ url?: string | null }> | null;
}): VideoSource | undefined {
  return videoSource(car.video_url || car.videos?.[0]?.url);
}

export type Slide<I> = { type: 'image'; image: I } | { type: 'video'; source: VideoSource; title: string };

/**
 * The slider's slides: the photos with the car's video at `position` (1-based; second by default),
 * or last when there are fewer photos.
 */
export function mediaSlides<I>(
  images: readonly I[],
  video: { source: VideoSource; title: string } | undefined,
  position = DEFAULT_VIDEO_POSITION,
): Slide<I>[] {
  const slides: Slide<I>[] = images.map((image) => ({ type: 'image', image }));
  if (video) slides.splice(Math.max(0, Math.min(position - 1, slides.length)), 0, { type: 'video', ...video });
  return slides;
}

export interface Hotspot {
  id: string | number;
  description: string;
  /** Where the hotspot sits, per spin frame (angle index), in percent of the picture. */
  positions: ReadonlyArray<{ frame: number; x: number; y: number }>;
}

/** The hotspots visible at a frame, with their anchor there (a hotspot shows only at angles it names). */
export function hotspotsAt(
  hotspots: readonly Hotspot[] | undefined,
  frame: number,
): Array<{ id: string | number; description: string; x: number; y: number }> {
  return (hotspots ?? []).flatMap((h) => {
    const at = h.positions.find((p) => p.frame === frame);
    return at ? [{ id: h.id, description: h.description, x: at.x, y: at.y }] : [];
  });
}
