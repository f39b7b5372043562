import { useState } from 'react';

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
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
