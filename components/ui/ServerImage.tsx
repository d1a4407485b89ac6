import { getImageProps, type ImageProps } from 'next/image';
import { preload } from 'react-dom';
import { focusPosition, type Focus } from '../../domain/image-focus';

/**
 * next/image without its script (issue 19): the same optimised srcset and sizes, rendered as a
 * plain <img> by the server. next/image is a client component, so every picture a server block drew
 * with it was a client island to download and hydrate on every page. `priority` loads the picture
 * first and preloads it, as next/image's did. `focus`, an image reference's focal point (issue 33),
 * keeps that part of the picture in view where the box crops it (object-fit: cover).
 */
export function ServerImage({
  priority = false,
  focus,
  ...rest
}: Omit<ImageProps, 'onLoad' | 'onError' | 'placeholder'> & { focus?: Focus | undefined }) {
  const position = focusPosition(focus);
  const style = position ? { ...rest.style, objectPosition: position } : rest.style;
  const { props } = getImageProps({
    ...rest,
    ...(style ? { style } : {}),
    ...(priority ? { loading: 'eager', fetchPriority: 'high' } : {}),
  });
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
