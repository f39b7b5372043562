import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useCollections } from './api.js';

/** Each collection of the site with who may read and write it (from the config) and how many items it holds. */
export function CollectionsPage({ siteId }: { siteId: string }) {
  const { data: collections, error: loadError } = useCollections(siteId);
  const error = loadError?.message;

  return (
    <>
      <PageHeading>Collections</PageHeading>
      <Notice error={error} />
      {!collections && !error && <p role="status">Loading collections…</p>}
      {collections && collections.length === 0 && (
        <p>
          This site declares no collections (config key <code>sites[].collections</code>).
        </p>
      )}
      {collections && collections.length > 0 && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Collection</th>
                <th scope="col">Items</th>
                <th scope="col">Read</th>
                <th scope="col">Insert</th>
                <th scope="col">Update</th>
                <th scope="col">Remove</th>
              </tr>
            </thead>
            <tbody>
              {collections.map((c) => (
                <tr key={c.id}>
                  <td data-label="Collection">
                    <Link to={`/collections/${encodeURIComponent(c.id)}`}>{c.id}</Link>
                  </td>
                  <td data-label="Items">{c.itemCount}</td>
                  <td data-label="Read">{c.permissions.read}</td>
                  <td data-label="Insert">{c.permissions.insert}</td>
                  <td data-label="Update">{c.permissions.update}</td>
                  <td data-label="Remove">{c.permissions.remove}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
