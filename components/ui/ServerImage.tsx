import { getImageProps, type ImageProps } from 'next/image';
import { preload } from 'react-dom';

/**
 * next/image without its script (issue 19): the same optimised srcset and sizes, rendered as a
 * plain <img> by the server. next/image is a client component, so every picture a server block drew
 * with it was a client island to download and hydrate on every page. `priority` loads the picture
 * first and preloads it, as next/image's did.
 */
export function ServerImage({ priority = false, ...rest }: Omit<ImageProps, 'onLoad' | 'onError' | 'placeholder'>) {
  const { props } = getImageProps({ ...rest, ...(priority ? { loading: 'eager', fetchPriority: 'high' } : {}) });
  if (priority)
    preload(props.src, {
      as: 'image',
      fetchPriority: 'high',
      ...(props.srcSet ? { imageSrcSet: props.srcSet } : {}),
      ...(props.sizes ? { imageSizes: props.sizes } : {}),
    });
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- getImageProps is next/image without its script; alt is in props
  return <img {...props} />;
}
