/** The demo walkaround videos committed in public/assets/demo (body kind and paint of the drawn car). */
export const WALKAROUND_VIDEOS = [
  { kind: 'ute', colour: 'white' },
  { kind: 'suv', colour: 'white' },
  { kind: 'suv', colour: 'grey' },
  { kind: 'suv', colour: 'black' },
] as const;

export const walkaroundVideoUrl = (kind: string, colour: string): string | undefined =>
  WALKAROUND_VIDEOS.some((v) => v.kind === kind && v.colour === colour)
    ? `/assets/demo/walkaround-${kind}-${colour}.mp4`
    : undefined;
