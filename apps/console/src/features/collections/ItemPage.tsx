import { useEffect, useState, type FormEvent } from 'react';
import { navigate } from '../../app/router.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { collectionsApi, fetchItem, type CollectionInfo, type Item } from './collections-api.js';
import { displayFieldOf } from './editor-fields.js';
import { FieldInput } from './FieldInput.js';
import { fromForm, toForm, type FormValues } from './item-form.js';
import { translationsApi } from './translations-api.js';
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
  const [info, setInfo] = useState<CollectionInfo>();
  const [item, setItem] = useState<Item>();
  const [values, setValues] = useState<FormValues>();
  const [newId, setNewId] = useState('');
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [languages, setLanguages] = useState<string[]>([]);
  const listPath = `/collections/${encodeURIComponent(collectionId)}`;

  useEffect(() => {
    (async () => {
      const collection = (await collectionsApi.list(siteId)).collections.find((c) => c.id === collectionId);
      if (!collection) throw new Error(`This site has no collection "${collectionId}"`);
      // The site's languages, for an image's alt text; a failure only leaves those inputs out.
      translationsApi.languages(siteId).then(setLanguages, () => undefined);
      const found = itemId === undefined ? undefined : await fetchItem(siteId, collectionId, itemId);
      if (itemId !== undefined && !found) throw new Error('No item with this id (it may have been deleted)');
      setInfo(collection);
      setItem(found);
      setValues(toForm(collection.fields, found));
    })().catch((e: Error) => setError(e.message));
  }, [siteId, collectionId, itemId]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!info || !values) return;
    setError(undefined);
    setSuccess(undefined);
    let data: Record<string, unknown>;
    try {
      data = fromForm(info.fields, values);
    } catch (e) {
      return setError((e as Error).message);
    }
    setBusy(true);
    try {
      if (item) {
        const saved = await collectionsApi.update(siteId, collectionId, item._id, data);
        setItem(saved.item);
        setSuccess('Saved.');
      } else {
        const saved = await collectionsApi.insert(
          siteId,
          collectionId,
          newId.trim() ? { ...data, _id: newId.trim() } : data,
        );
        navigate(`${listPath}/items/${encodeURIComponent(saved.item._id)}`, { replace: true });
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!item) return;
    setBusy(true);
    try {
      await collectionsApi.remove(siteId, collectionId, item._id);
      navigate(listPath);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
      setConfirming(false);
    }
  }

  const setField = (key: string, value: string | boolean) =>
    setValues((v) => v && { ...v, fields: { ...v.fields, [key]: value } });
  return (
    <>
      <p>
        <Link to={listPath}>All items of {collectionId}</Link>
      </p>
      <PageHeading>
        {itemId === undefined ? `New item in ${collectionId}` : itemTitle(info, item) || `Item ${itemId}`}
      </PageHeading>
      {!values && !error && <p role="status">Loading item…</p>}
      {values && info && (
        <form className="form" onSubmit={save} noValidate>
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
              onChange={(value) => setField(f.key, value)}
            />
          ))}
          {!info.strict && (
            <label>
              Other fields (JSON)
              <textarea
                rows={5}
                value={values.others}
                onChange={(e) => setValues((v) => v && { ...v, others: e.target.value })}
                spellCheck={false}
                placeholder='{"tags": ["new"]}'
              />
            </label>
          )}
          <Notice error={error} success={success} />
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
              <button type="button" className="danger" disabled={busy} onClick={remove} autoFocus>
                Yes, delete
              </button>{' '}
              <button type="button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          )}
        </form>
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
      {!values && <Notice error={error} />}
    </>
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
