import { useId, useState, type ClipboardEvent, type DragEvent } from 'react';
import { lastChange } from '../../api/query.js';
import { Notice } from '../../components/Notice.js';
import { languageName } from '../collections/translation-form.js';
import { IMAGE_ACCEPT, mediaIdOf, previewOf, useMediaFile, useSetMediaAlt, useUploadMedia } from './api.js';

/**
 * An image field (issue #30): upload by choosing a file, dropping it or pasting it; a preview; replace or remove;
 * alt text per site language, kept with the uploaded file (the media library shows the same). The field's value is
 * the file's address, `/_media/<id>.<ext>`.
 */
export function ImageField({
  siteId,
  label,
  help,
  value,
  languages,
  onChange,
}: {
  siteId: string;
  label: string;
  help?: string | undefined;
  value: string;
  languages: readonly string[];
  onChange: (value: string) => void;
}) {
  const ids = useId();
  const [dragging, setDragging] = useState(false);
  const { data: media } = useMediaFile(siteId, mediaIdOf(value));
  // The alt texts being typed, for the file they were typed for; else the file's own.
  const [edited, setEdited] = useState<{ id: string; alt: Record<string, string> }>();
  const alt = (edited && edited.id === media?.id ? edited.alt : media?.alt) ?? {};
  const uploading = useUploadMedia(siteId);
  const savingAlt = useSetMediaAlt(siteId);
  const last = lastChange(uploading, savingAlt);
  const busy = uploading.isPending || savingAlt.isPending;
  const success = !last.isSuccess
    ? undefined
    : last === uploading && uploading.data
      ? `Uploaded ${uploading.data.name} (${uploading.data.width} × ${uploading.data.height}). Save the item to keep it.`
      : 'Alt text saved.';

  function upload(file: File | undefined | null) {
    if (file)
      uploading.mutate({ file, name: file.name || 'pasted image' }, { onSuccess: (saved) => onChange(saved.url) });
  }
  const saveAlt = () => media && savingAlt.mutate({ id: media.id, alt });

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
                onChange={(e) => media && setEdited({ id: media.id, alt: { ...alt, [tag]: e.target.value } })}
                placeholder="What the picture shows"
              />
            </label>
          ))}
          <button type="button" disabled={busy} onClick={saveAlt}>
            Save alt text
          </button>
        </div>
      )}
      {busy && <p role="status">Working…</p>}
      <Notice error={last.error?.message} success={success} />
    </fieldset>
  );
}
