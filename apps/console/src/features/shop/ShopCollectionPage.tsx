import { useState } from 'react';
import type { ProductRow } from '../../api/types.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useLanguages } from '../settings/api.js';
import { useProducts, useSetCollectionProducts, useShopCollections } from './catalog-api.js';
import { shopMessage } from './shop-messages.js';
import { CollectionFields } from './ShopCollectionsPage.js';

const MAX_SHOWN = 100;
type Picked = Pick<ProductRow, 'id' | 'name'>;
const count = (n: number) => (n === 1 ? '1 product' : `${n} products`);

/**
 * One collection: its fields with their translations, and the products in it (search to add, remove), saved in the
 * order listed.
 */
export function ShopCollectionPage({
  siteId,
  collectionId,
  canChange,
}: {
  siteId: string;
  collectionId: string;
  canChange: boolean;
}) {
  const collections = useShopCollections(siteId);
  const { data: languages } = useLanguages(siteId);
  const collection = collections.data?.collections.find((c) => c.id === collectionId);
  const inIt = useProducts(siteId, '', { limit: MAX_SHOWN, offset: 0 }, collectionId);
  const [search, setSearch] = useState('');
  const found = useProducts(siteId, search, { limit: 10, offset: 0 });
  const setProducts = useSetCollectionProducts(siteId);
  const [picked, setPicked] = useState<Picked[]>();
  const products: Picked[] = picked ?? inIt.data?.products ?? [];
  const back = (
    <p>
      <Link to="/shop/collections">All product collections</Link>
    </p>
  );
  if (!collection)
    return (
      <>
        {back}
        <Notice error={collections.error?.message ?? (collections.isSuccess ? 'No such collection.' : undefined)} />
        {collections.isPending && <p role="status">Loading the collection…</p>}
      </>
    );
  const tooMany = (inIt.data?.total ?? 0) > MAX_SHOWN;
  return (
    <>
      {back}
      <PageHeading>{collection.name}</PageHeading>
      {canChange ? (
        // Keyed by the languages too: the form starts again once they are known, with the translation fields.
        <CollectionFields
          key={`${collection.id}:${languages ? 'languages' : ''}`}
          siteId={siteId}
          collection={collection}
          languages={languages?.slice(1)}
          onSaved={() => undefined}
        />
      ) : (
        <p>
          Slug <code>{collection.slug}</code>. {collection.visible ? 'Shown in the shop.' : 'Hidden from shoppers.'}
        </p>
      )}
      <section aria-labelledby="collection-products">
        <h2 id="collection-products">{`Products in it: ${count(collection.productCount)}`}</h2>
        {tooMany && (
          <p className="help">{`The first ${MAX_SHOWN} are listed; changing them here is for smaller collections.`}</p>
        )}
        <ul className="picked-products">
          {products.map((p) => (
            <li key={p.id}>
              <Link to={`/shop/products/${encodeURIComponent(p.id)}`}>{p.name}</Link>
              {canChange && !tooMany && (
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Take out ${p.name}`}
                  onClick={() => setPicked(products.filter((q) => q.id !== p.id))}
                >
                  Take out
                </button>
              )}
            </li>
          ))}
        </ul>
        {canChange && !tooMany && (
          <>
            <label>
              Find a product to add
              <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            </label>
            {search.trim() && (
              <ul className="picked-products" aria-label="Products found">
                {(found.data?.products ?? [])
                  .filter((p) => !products.some((q) => q.id === p.id))
                  .map((p) => (
                    <li key={p.id}>
                      {p.name}
                      <button
                        type="button"
                        className="secondary"
                        aria-label={`Add ${p.name}`}
                        onClick={() => setPicked([...products, p])}
                      >
                        Add
                      </button>
                    </li>
                  ))}
              </ul>
            )}
            <Notice
              error={shopMessage(setProducts.error)}
              success={
                setProducts.isSuccess
                  ? `${count(setProducts.data.collection.productCount)} in ${collection.name}.`
                  : undefined
              }
            />
            <div className="actions">
              <button
                type="button"
                disabled={!picked || setProducts.isPending}
                onClick={() =>
                  setProducts.mutate(
                    { id: collection.id, productIds: products.map((p) => p.id) },
                    { onSuccess: () => setPicked(undefined) },
                  )
                }
              >
                Save the products
              </button>
            </div>
          </>
        )}
      </section>
    </>
  );
}
