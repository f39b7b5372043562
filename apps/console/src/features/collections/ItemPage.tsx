import { useState, type FormEvent } from 'react';
import { messageOf } from '../../api/client.js';
import { navigate } from '../../app/router.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { mediaIdOf, useSetMediaAlt } from '../media/api.js';
import { useCollection, useItem, useRemoveItem, useSaveItem, type CollectionInfo, type Item } from './api.js';
import { displayFieldOf } from './editor-fields.js';
import { FieldInput } from './FieldInput.js';
import { fromForm, toForm, type FormValues } from './item-form.js';
import { useLanguages } from './translations-api.js';
import { TranslationsSection } from './TranslationsSection.js';

/** One item as a form typed by the collection's declared fields; **Save**, and **Delete** after a confirmation. */
export function ItemPage({
  siteId,
  collectionId,
  itemId,
}: {
  siteId: string;
  collectionId: string;
  itemId: string | undefined;
}) {
  const collection = useCollection(siteId, collectionId);
  const found = useItem(siteId, collectionId, itemId);
  const info = collection.data;
  const item = found.data ?? undefined;
  const loadError =
    (collection.error ?? found.error)?.message ??
    (collection.isSuccess && !info ? `This site has no collection "${collectionId}"` : undefined) ??
    (found.data === null ? 'No item with this id (it may have been deleted)' : undefined);
  const ready = info && (itemId === undefined || item) && !loadError;
  return (
    <>
      <p>
        <Link to={`/collections/${encodeURIComponent(collectionId)}`}>All items of {collectionId}</Link>
      </p>
      <PageHeading>
        {itemId === undefined ? `New item in ${collectionId}` : itemTitle(info, item) || `Item ${itemId}`}
      </PageHeading>
      {!ready && !loadError && <p role="status">Loading item…</p>}
      {ready && (
        <ItemForm key={item?._id ?? 'new'} siteId={siteId} collectionId={collectionId} info={info} item={item} />
      )}
      {item && info?.translatable?.length ? (
        <TranslationsSection
          siteId={siteId}
          collectionId={collectionId}
          item={item}
          fields={info.translatable}
          specs={info.fields}
        />
      ) : null}
      {!ready && <Notice error={loadError} />}
    </>
  );
}

/** The form, filled once from the item as it was loaded; a save keeps what is typed. */
function ItemForm({
  siteId,
  collectionId,
  info,
  item,
}: {
  siteId: string;
  collectionId: string;
  info: CollectionInfo;
  item: Item | undefined;
}) {
  const [values, setValues] = useState<FormValues>(() => toForm(info.fields, item));
  const [newId, setNewId] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  // The site's languages, for an image's alt text; a failure only leaves those inputs out.
  const languages = useLanguages(siteId).data ?? [];
  // Alt texts typed for the item's images, stored by the same Save as the item (never lost on the way).
  const [typedAlt, setTypedAlt] = useState<Record<string, Record<string, string>>>({});
  const altTexts = {
    typed: typedAlt,
    onType: (id: string, alt: Record<string, string>) => setTypedAlt((t) => ({ ...t, [id]: alt })),
  };
  const savingAlt = useSetMediaAlt(siteId);
  const save = useSaveItem(siteId, collectionId);
  const remove = useRemoveItem(siteId, collectionId);
  const busy = save.isPending || remove.isPending || savingAlt.isPending;
  const error = invalid ?? (savingAlt.error ?? save.error ?? remove.error)?.message;
  const listPath = `/collections/${encodeURIComponent(collectionId)}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    let data: Record<string, unknown>;
    try {
      data = fromForm(info.fields, values);
      setInvalid(undefined);
    } catch (e) {
      return setInvalid(messageOf(e));
    }
    // The images the item still shows: alt text typed for a replaced or removed one is not stored.
    const shown = new Set(
      info.fields.filter((f) => f.type === 'image').map((f) => mediaIdOf(String(values.fields[f.key] ?? ''))),
    );
    try {
      for (const [id, alt] of Object.entries(typedAlt)) if (shown.has(id)) await savingAlt.mutateAsync({ id, alt });
    } catch {
      return; // its error is shown; the item is not saved half-way
    }
    setTypedAlt({});
    if (item) save.mutate({ id: item._id, data });
    else
      save.mutate(
        { data: newId.trim() ? { ...data, _id: newId.trim() } : data },
        { onSuccess: (saved) => navigate(`${listPath}/items/${encodeURIComponent(saved._id)}`, { replace: true }) },
      );
  }

  const setField = (key: string, value: string | boolean) =>
    setValues((v) => ({ ...v, fields: { ...v.fields, [key]: value } }));
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      {item ? (
        <p className="help">
          Created {cellDate(item._createdDate)} · updated {cellDate(item._updatedDate)}
        </p>
      ) : (
        <label>
          ID
          <input
            value={newId}
            onChange={(e) => setNewId(e.target.value)}
            placeholder="Leave empty for a generated id"
          />
        </label>
      )}
      {info.fields.map((f) => (
        <FieldInput
          key={f.key}
          siteId={siteId}
          field={f}
          value={values.fields[f.key] ?? ''}
          languages={languages}
          altTexts={altTexts}
          onChange={(value) => setField(f.key, value)}
        />
      ))}
      {!info.strict && (
        <label>
          Other fields (JSON)
          <textarea
            rows={5}
            value={values.others}
            onChange={(e) => setValues((v) => ({ ...v, others: e.target.value }))}
            spellCheck={false}
            placeholder='{"tags": ["new"]}'
          />
        </label>
      )}
      <Notice error={error} success={save.isSuccess ? 'Saved.' : undefined} />
      <div className="actions">
        <button type="submit" disabled={busy}>
          Save
        </button>
        {item && !confirming && (
          <button type="button" className="danger" disabled={busy} onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
      </div>
      {item && confirming && (
        <div role="alertdialog" aria-label="Confirm deletion" className="notice notice-error">
          <p>Delete this item for good? This cannot be undone.</p>
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() =>
              remove.mutate(item._id, { onSuccess: () => navigate(listPath), onError: () => setConfirming(false) })
            }
            autoFocus
          >
            Yes, delete
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
    </form>
  );
}

const cellDate = (value: unknown) => {
  const text =
    value && typeof value === 'object' && '$date' in value
      ? String((value as { $date: string }).$date)
      : String(value ?? '');
  return text ? new Date(text).toLocaleString() : '—';
};

/** The item's name by the collection's display field (`title`, `name`…), for the heading. */
function itemTitle(info: CollectionInfo | undefined, item: Item | undefined): string {
  const value = item?.[displayFieldOf(info)];
  return typeof value === 'string' ? value : '';
}
