import { useEffect, useId, useState, type ClipboardEvent, type DragEvent } from 'react';
import { Notice } from '../../components/Notice.js';
import { languageName } from '../collections/translation-form.js';
import { fetchMedia, IMAGE_ACCEPT, mediaApi, mediaIdOf, previewOf, type MediaFile } from './media-api.js';

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
  const [media, setMedia] = useState<MediaFile>();
  const [alt, setAlt] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const mediaId = mediaIdOf(value);

  useEffect(() => {
    if (!mediaId) return setMedia(undefined);
    let live = true;
    fetchMedia(siteId, mediaId).then(
      (r) => live && (setMedia(r.media), setAlt(r.media.alt)),
      () => live && setMedia(undefined),
    );
    return () => {
      live = false;
    };
  }, [siteId, mediaId]);

  async function upload(file: File | undefined | null) {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    setSuccess(undefined);
    try {
      const { media: saved } = await mediaApi.upload(siteId, file, file.name || 'pasted image');
      setMedia(saved);
      setAlt(saved.alt);
      onChange(saved.url);
      setSuccess(`Uploaded ${saved.name} (${saved.width} × ${saved.height}). Save the item to keep it.`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function saveAlt() {
    if (!media) return;
    setBusy(true);
    setError(undefined);
    try {
      const { media: saved } = await mediaApi.setAlt(siteId, media.id, alt);
      setMedia(saved);
      setSuccess('Alt text saved.');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files[0]);
  };
  const onPaste = (event: ClipboardEvent) => {
    const file = Array.from(event.clipboardData.files).find((f) => f.type.startsWith('image/'));
    if (file) {
      event.preventDefault();
      void upload(file);
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
              onChange={(e) => void upload(e.target.files?.[0])}
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
                onChange={(e) => setAlt((a) => ({ ...a, [tag]: e.target.value }))}
                placeholder="What the picture shows"
              />
            </label>
          ))}
          <button type="button" disabled={busy} onClick={() => void saveAlt()}>
            Save alt text
          </button>
        </div>
      )}
      {busy && <p role="status">Working…</p>}
      <Notice error={error} success={success} />
    </fieldset>
  );
}
