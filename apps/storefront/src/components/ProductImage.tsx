import { useState } from 'react';

/** Uploaded images (`/_media/…`) come in a fixed set of widths as WebP (docs/data.md#media). */
const WIDTHS = [160, 320, 480, 640, 960, 1280, 1920];
const variant = (src: string, width: number) => `${src}?w=${WIDTHS.find((w) => w >= width) ?? 1920}&format=webp`;
const isMedia = (src: string) => src.startsWith('/_media/');

/** A product picture that falls back to a neutral tile when the file is missing. */
export function ProductImage({
  src,
  alt,
  className,
  size,
  eager,
}: {
  src: string | undefined;
  alt: string;
  className: string;
  size: number;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed)
    return (
      <div
        className={`${className} image-fallback`}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
      />
    );
  return (
    <img
      className={className}
      src={isMedia(src) ? variant(src, size) : src}
      srcSet={isMedia(src) ? `${variant(src, size)} 1x, ${variant(src, size * 2)} 2x` : undefined}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
