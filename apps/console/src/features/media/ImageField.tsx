import { useId, useState, type ClipboardEvent, type DragEvent } from 'react';
import { Notice } from '../../components/Notice.js';
import { languageName } from '../collections/translation-form.js';
import { IMAGE_ACCEPT, mediaIdOf, previewOf, useMediaFile, useUploadMedia } from './api.js';

/** Alt texts typed in an item's form, per media file, until the item's one Save stores them (ItemPage). */
export interface TypedAltTexts {
  typed: Readonly<Record<string, Record<string, string>>>;
  onType: (mediaId: string, alt: Record<string, string>) => void;
}

/**
 * An image field (issue #30): upload by choosing a file, dropping it or pasting it; a preview; replace or remove;
 * alt text per site language, kept with the uploaded file (the media library shows the same). What is typed stays
 * in the item's form and is stored by its Save, with the rest (review t5 #4: a separate "Save alt text" button lost
 * it). The field's value is the file's address, `/_media/<id>.<ext>`.
 */
export function ImageField({
  siteId,
  label,
  help,
  value,
  languages,
  altTexts,
  onChange,
}: {
  siteId: string;
  label: string;
  help?: string | undefined;
  value: string;
  languages: readonly string[];
  altTexts: TypedAltTexts;
  onChange: (value: string) => void;
}) {
  const ids = useId();
  const [dragging, setDragging] = useState(false);
  const { data: media } = useMediaFile(siteId, mediaIdOf(value));
  // The alt texts typed for this file (not saved yet); else the file's own.
  const alt = (media && altTexts.typed[media.id]) ?? media?.alt ?? {};
  const uploading = useUploadMedia(siteId);
  const busy = uploading.isPending;
  const success =
    uploading.isSuccess && uploading.data
      ? `Uploaded ${uploading.data.name} (${uploading.data.width} × ${uploading.data.height}). Describe it, then save the item.`
      : undefined;

  function upload(file: File | undefined | null) {
    if (file)
      uploading.mutate({ file, name: file.name || 'pasted image' }, { onSuccess: (saved) => onChange(saved.url) });
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    upload(event.dataTransfer.files[0]);
  };
  const onPaste = (event: ClipboardEvent) => {
    const file = Array.from(event.clipboardData.files).find((f) => f.type.startsWith('image/'));
    if (file) {
      event.preventDefault();
      upload(file);
    }
  };

  return (
    <fieldset className="image-field" aria-describedby={help ? `${ids}-help` : undefined}>
      <legend>{label}</legend>
      {help && (
        <p id={`${ids}-help`} className="help">
          {help}
        </p>
      )}
      <div className="image-field__body">
        {value ? (
          <img className="image-field__preview" src={previewOf(value)} alt={alt[languages[0] ?? ''] ?? ''} />
        ) : (
          <p className="image-field__preview image-field__empty">No image</p>
        )}
        <div
          className={`dropzone${dragging ? ' dropzone--active' : ''}`}
          tabIndex={0}
          role="group"
          aria-label={`${label}: drop or paste an image here`}
          onDragOver={(e) => (e.preventDefault(), setDragging(true))}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          onPaste={onPaste}
        >
          <p>Drag an image here or paste it (JPEG, PNG, WebP, AVIF or GIF).</p>
          <label className="button-link">
            {value ? 'Replace image' : 'Choose an image'}
            <input
              className="visually-hidden"
              type="file"
              accept={IMAGE_ACCEPT}
              disabled={busy}
              onChange={(e) => upload(e.target.files?.[0])}
            />
          </label>{' '}
          {value && (
            <button type="button" className="secondary" disabled={busy} onClick={() => onChange('')}>
              Remove image
            </button>
          )}
        </div>
      </div>
      {media && (
        <div className="image-field__alt">
          {languages.map((tag) => (
            <label key={tag}>
              Alt text ({languageName(tag)})
              <input
                lang={tag}
                dir="auto"
                value={alt[tag] ?? ''}
                onChange={(e) => altTexts.onType(media.id, { ...alt, [tag]: e.target.value })}
                placeholder="What the picture shows"
              />
            </label>
          ))}
        </div>
      )}
      {busy && <p role="status">Working…</p>}
      <Notice error={uploading.error?.message} success={success} />
    </fieldset>
  );
}
