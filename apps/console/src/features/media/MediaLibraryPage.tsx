import { lastChange } from '../../api/query.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { IMAGE_ACCEPT, previewOf, useDeleteMedia, useMediaList, useUploadMedia } from './api.js';

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `/media`: the site's uploaded images, newest first, with where each is used; upload and delete. */
export function MediaLibraryPage({ siteId }: { siteId: string }) {
  const { data: list, error: loadError } = useMediaList(siteId);
  const upload = useUploadMedia(siteId);
  const remove = useDeleteMedia(siteId);
  const last = lastChange(upload, remove);
  const busy = upload.isPending || remove.isPending;
  const error = (last.error ?? loadError)?.message;
  const success = !last.isSuccess
    ? undefined
    : last === upload
      ? `Uploaded ${upload.variables?.name}.`
      : `Deleted ${remove.variables?.name}.`;

  return (
    <>
      <PageHeading>Media</PageHeading>
      <p className="help-block">
        Images uploaded for the catalog. Each is served in several widths as WebP and AVIF; a file never changes, so
        replacing an image on an item uploads a new one.
      </p>
      <div className="actions">
        <label className="button-link">
          Upload an image
          <input
            className="visually-hidden"
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload.mutate({ file, name: file.name });
            }}
          />
        </label>
      </div>
      <Notice error={error} success={success} />
      {!list && !loadError && <p role="status">Loading media…</p>}
      {list?.media.length === 0 && <p>No images yet. Upload one here or from an item's image field.</p>}
      {list && list.media.length > 0 && (
        <>
          <p role="status">
            {list.total} {list.total === 1 ? 'image' : 'images'}
            {list.total > list.media.length ? ` (the newest ${list.media.length} shown)` : ''}
          </p>
          <ul className="media-grid">
            {list.media.map((m) => (
              <li key={m.id} className="media-card">
                <img src={previewOf(m.url)} alt={Object.values(m.alt)[0] ?? ''} width={160} height={120} />
                <p className="media-card__name">{m.name}</p>
                <p className="help">
                  {m.width} × {m.height} · {size(m.size)} · {m.contentType.replace('image/', '').toUpperCase()}
                </p>
                <p className="help">
                  {Object.keys(m.alt).length ? `Alt text: ${Object.keys(m.alt).join(', ')}` : 'No alt text'}
                </p>
                {m.usedBy?.length ? (
                  <ul className="media-card__uses" aria-label={`Where ${m.name} is used`}>
                    {m.usedBy.map((u) => (
                      <li key={`${u.collection}/${u.itemId}/${u.field}`}>
                        <Link
                          to={`/collections/${encodeURIComponent(u.collection)}/items/${encodeURIComponent(u.itemId)}`}
                        >
                          {u.collection} · {u.itemId}
                        </Link>{' '}
                        ({u.field})
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="help">Not used</p>
                )}
                <ConfirmButton
                  label={`Delete ${m.name}`}
                  question={`Delete ${m.name}?`}
                  consequence={
                    m.usedBy?.length ? 'Items that use it will show no picture.' : 'It is not used anywhere.'
                  }
                  confirmLabel="Yes, delete"
                  disabled={busy}
                  onConfirm={() => remove.mutateAsync(m)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
