import { useState, type FormEvent } from 'react';
import type { ShopCollection } from '../../api/types.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useSaveCollection, useShopCollections } from './catalog-api.js';
import { filledTranslations, slugFrom } from './product-form.js';
import { ProductTranslations } from './ProductTranslations.js';
import { shopMessage } from './shop-messages.js';

/**
 * Name, slug, description and whether shoppers see it: the fields of a collection (new or changed), and on its own
 * page the name and description in the site's other languages.
 */
export function CollectionFields({
  siteId,
  collection,
  onSaved,
  languages,
}: {
  siteId: string;
  collection?: ShopCollection;
  onSaved: (saved: ShopCollection) => void;
  /** The site's other languages: given, the form has the collection's name and description in each of them. */
  languages?: readonly string[];
}) {
  const save = useSaveCollection(siteId);
  const [name, setName] = useState(collection?.name ?? '');
  const [slug, setSlug] = useState(collection?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(!!collection);
  const [description, setDescription] = useState(collection?.description ?? '');
  const [visible, setVisible] = useState(collection?.visible ?? true);
  const [translations, setTranslations] = useState(collection?.translations ?? {});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    save.mutate(
      {
        ...(collection ? { id: collection.id } : {}),
        collection: {
          name: name.trim(),
          slug: slug.trim(),
          description,
          visible,
          // Without the translation fields, a change leaves the collection's translations as they are.
          ...(languages ? { translations: filledTranslations(translations) } : {}),
        },
      },
      {
        onSuccess: ({ collection: saved }) => {
          if (collection) return onSaved(saved);
          setName('');
          setSlug('');
          setSlugTouched(false);
          setDescription('');
          onSaved(saved);
        },
      },
    );
  };
  const id = collection?.id ?? 'new';
  return (
    <form className="form" onSubmit={submit} aria-labelledby={`collection-${id}`}>
      <h2 id={`collection-${id}`}>{collection ? 'Name and address' : 'New collection'}</h2>
      <label>
        Collection name
        <input
          required
          maxLength={50}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (!slugTouched) setSlug(slugFrom(e.target.value));
          }}
        />
      </label>
      <label>
        Collection slug
        <input
          required
          maxLength={100}
          pattern="[^\s\/?#%]+"
          spellCheck={false}
          value={slug}
          onChange={(e) => (setSlugTouched(true), setSlug(e.target.value))}
        />
      </label>
      <label>
        Collection description (optional)
        <textarea rows={2} maxLength={600} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={visible} onChange={(e) => setVisible(e.target.checked)} />
        Shown in the shop
      </label>
      {languages && (
        <fieldset className="translations">
          <legend>Translations</legend>
          <ProductTranslations
            languages={languages}
            translations={translations}
            onChange={setTranslations}
            limits={{ name: 50, description: 600 }}
            descriptionIsHtml={false}
          />
        </fieldset>
      )}
      <Notice
        error={shopMessage(save.error)}
        success={save.isSuccess ? `Collection ${save.data.collection.name} saved.` : undefined}
      />
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {collection ? 'Save collection' : 'Create collection'}
        </button>
      </div>
    </form>
  );
}

/** The catalog's collections with their product counts; owners and editors add one. */
export function ShopCollectionsPage({ siteId, canChange }: { siteId: string; canChange: boolean }) {
  const collections = useShopCollections(siteId);
  const list = collections.data?.collections ?? [];
  return (
    <>
      <PageHeading>Product collections</PageHeading>
      <p className="help">Groups of products the shop shows together (its data collections are under Collections).</p>
      <Notice error={collections.error?.message} />
      <div className="table-wrap">
        <table aria-busy={collections.isFetching}>
          <thead>
            <tr>
              <th scope="col">Collection</th>
              <th scope="col">Slug</th>
              <th scope="col">Products</th>
              <th scope="col">Shown</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <tr key={c.id}>
                <td data-label="Collection">
                  <Link to={`/shop/collections/${encodeURIComponent(c.id)}`}>{c.name}</Link>
                </td>
                <td data-label="Slug">
                  <code>{c.slug}</code>
                </td>
                <td data-label="Products">{c.productCount}</td>
                <td data-label="Shown">{c.visible ? 'Yes' : 'Hidden'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canChange && <CollectionFields siteId={siteId} onSaved={() => undefined} />}
    </>
  );
}
