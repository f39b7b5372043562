import { useId } from 'react';
import type { ProductMedia as Media } from '../../api/types.js';
import { Notice } from '../../components/Notice.js';
import { IMAGE_ACCEPT, previewOf, useUploadMedia } from '../media/api.js';

/**
 * A product's images, the first one its main image: upload one (into the media library, which checks it is an
 * image), describe each for people who cannot see it (alt text, kept with the product), reorder, remove.
 */
export function ProductMedia({
  siteId,
  media,
  onChange,
}: {
  siteId: string;
  media: Media[];
  onChange: (media: Media[]) => void;
}) {
  const id = useId();
  const uploading = useUploadMedia(siteId);
  const set = (i: number, patch: Partial<Media>) => onChange(media.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const move = (i: number, by: number) => {
    const next = [...media];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    onChange(next);
  };
  return (
    <>
      {media.length > 0 && (
        <ul className="product-media">
          {media.map((m, i) => (
            <li key={m.id}>
              <img src={previewOf(m.url, 160)} alt="" width={80} height={80} />
              <label>
                {`Alt text of image ${i + 1}`}
                <input
                  value={m.altText ?? ''}
                  maxLength={500}
                  placeholder="What the image shows"
                  onChange={(e) => set(i, { altText: e.target.value })}
                />
              </label>
              <div className="actions">
                {i > 0 && (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => move(i, -1)}
                    aria-label={`Move up image ${i + 1}`}
                  >
                    Move up
                  </button>
                )}
                <button
                  type="button"
                  className="secondary"
                  onClick={() => onChange(media.filter((_, j) => j !== i))}
                  aria-label={`Remove image ${i + 1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-file`}>Add an image</label>
      <input
        id={`${id}-file`}
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={uploading.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file)
            uploading.mutate(
              { file, name: file.name || 'image' },
              {
                onSuccess: (saved) =>
                  onChange([
                    ...media,
                    { id: saved.id, url: saved.url, width: saved.width, height: saved.height, altText: '' },
                  ]),
              },
            );
        }}
      />
      <Notice
        error={uploading.error?.message}
        success={
          uploading.isSuccess ? `Uploaded ${uploading.data.name}. Describe it, then save the product.` : undefined
        }
      />
    </>
  );
}
