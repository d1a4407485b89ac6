import { ServerImage } from '../ui/ServerImage';
import { photoSource, placeholderPhotoUrl, proxiedPhotoUrl } from '../../domain/vehicle-photo-source';

export interface VehiclePhotoProps {
  /** The photo's address as the feed gives it; missing means the vehicle has no photo. */
  src: string | null | undefined;
  /** The body type (feed simple_body or a model's body) the placeholder names. */
  body?: string | null;
  alt: string;
  width: number;
  height: number;
  sizes?: string;
  /** Above the fold: loaded at once, first, and preloaded. */
  priority?: boolean;
  className?: string;
}

/**
 * A vehicle photo as a plain <img> with a responsive srcset (issue 18), from a server or a client
 * component alike (no hooks, no script of its own). The platform's own pictures (/media, /assets)
 * go through Next's image optimiser; any other address through the platform's image route
 * (domain/vehicle-photo-source.ts), which answers a placeholder naming the body type when the
 * photo cannot be had; no photo at all shows that placeholder directly.
 */
export function VehiclePhoto({ src, body, alt, width, height, sizes, priority = false, className }: VehiclePhotoProps) {
  const source = photoSource(src);
  const eager = priority ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy' } as const);
  if (source.kind === 'placeholder') {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- an SVG drawn by the platform needs no resizing
      <img src={placeholderPhotoUrl(body)} alt={alt} width={width} height={height} className={className} {...eager} />
    );
  }
  return (
    <ServerImage
      src={source.src}
      alt={alt}
      width={width}
      height={height}
      quality={75}
      priority={priority}
      {...(sizes ? { sizes } : {})}
      {...(className ? { className } : {})}
      {...(priority ? {} : { loading: 'lazy' as const })}
      // The route makes the optimiser's widths (next.config.ts takes them from the same list).
      {...(source.kind === 'proxied'
        ? { loader: ({ width: w }: { width: number }) => proxiedPhotoUrl(source.src, w, body) }
        : {})}
    />
  );
}
