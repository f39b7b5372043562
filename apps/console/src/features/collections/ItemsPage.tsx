import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { DataTable } from '../../components/DataTable.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { cellText, collectionsApi, type CollectionInfo, type Item } from './collections-api.js';
import { CsvImport } from './CsvImport.js';

const PAGE_SIZE = 25;
const column = createColumnHelper<Item>();

/** The columns: `_id` (a link to the item's form), the declared fields, then other fields seen on this page. */
function columnKeys(info: CollectionInfo | undefined, items: Item[]): string[] {
  const keys = ['_id', ...(info?.fields.map((f) => f.key) ?? [])];
  for (const item of items)
    for (const key of Object.keys(item))
      if (!keys.includes(key) && !key.startsWith('_') && keys.length < 12) keys.push(key);
  return keys;
}

/**
 * A collection's items: the query language in the filter box, sort by any column, server-side paging,
 * Add item, CSV export of the current query and CSV import with a per-row report.
 */
export function ItemsPage({ siteId, collectionId }: { siteId: string; collectionId: string }) {
  const [info, setInfo] = useState<CollectionInfo>();
  const [filterText, setFilterText] = useState('');
  const [filter, setFilter] = useState<{ text: string; value: unknown }>({ text: '', value: {} });
  const [filterError, setFilterError] = useState<string>();
  const [sort, setSort] = useState<{ fieldName: string; order: 'ASC' | 'DESC' }>({ fieldName: '', order: 'ASC' });
  const [page, setPage] = useState(0);
  const [reload, setReload] = useState(0);
  const [result, setResult] = useState<{ items: Item[]; total: number; loading: boolean; error?: string }>({
    items: [],
    total: 0,
    loading: true,
  });

  useEffect(() => {
    collectionsApi.list(siteId).then(
      (r) => setInfo(r.collections.find((c) => c.id === collectionId)),
      () => undefined,
    );
  }, [siteId, collectionId]);

  useEffect(() => {
    let live = true;
    setResult((r) => ({ ...r, loading: true }));
    const sortSpec = sort.fieldName ? [sort] : [];
    collectionsApi
      .query(siteId, collectionId, { filter: filter.value, sort: sortSpec, limit: PAGE_SIZE, offset: page * PAGE_SIZE })
      .then((r) => live && setResult({ ...r, loading: false }))
      .catch((e: Error) => live && setResult({ items: [], total: 0, loading: false, error: e.message }));
    return () => {
      live = false;
    };
  }, [siteId, collectionId, filter, sort, page, reload]);

  const keys = columnKeys(info, result.items);
  const columns = useMemo(
    () =>
      keys.map((key) =>
        column.accessor((row) => row[key], {
          id: key,
          header: key,
          cell: (c) =>
            key === '_id' ? (
              <Link
                to={`/collections/${encodeURIComponent(collectionId)}/items/${encodeURIComponent(c.row.original._id)}`}
              >
                {c.row.original._id}
              </Link>
            ) : (
              cellText(c.getValue())
            ),
        }),
      ),
    // The key list is the dependency by value: a new array with the same keys keeps the columns.
    [keys.join('\u0000'), collectionId],
  );
  const pageCount = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  const table = useReactTable({
    data: result.items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    pageCount,
  });

  function applyFilter(event: FormEvent) {
    event.preventDefault();
    const text = filterText.trim();
    if (!text) {
      setFilterError(undefined);
      setFilter({ text: '', value: {} });
      setPage(0);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      setFilterError(`The filter is not valid JSON (${(e as Error).message}). Example: {"price": {"$lt": 50}}`);
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      setFilterError('The filter must be a JSON object, e.g. {"price": {"$lt": 50}}');
      return;
    }
    setFilterError(undefined);
    setFilter({ text, value });
    setPage(0);
  }

  const first = result.total ? page * PAGE_SIZE + 1 : 0;
  const last = Math.min(result.total, (page + 1) * PAGE_SIZE);
  return (
    <>
      <p>
        <Link to="/collections">All collections</Link>
      </p>
      <PageHeading>{collectionId}</PageHeading>
      {info && (
        <p className="help">
          Read: {info.permissions.read} · Insert: {info.permissions.insert} · Update: {info.permissions.update} ·
          Remove: {info.permissions.remove}
          {info.strict ? ' · strict (only declared fields)' : ''}
        </p>
      )}
      <div className="actions">
        <Link to={`/collections/${encodeURIComponent(collectionId)}/new`} className="button-link">
          Add item
        </Link>
        <a
          href={collectionsApi.exportUrl(siteId, collectionId, filter.text, sort.fieldName ? [sort] : [])}
          download={`${collectionId}.csv`}
        >
          Export CSV
        </a>
      </div>
      <form className="toolbar" role="search" onSubmit={applyFilter}>
        <label>
          Filter
          <input
            value={filterText}
            onChange={(e) => setFilterText(e.target.value)}
            placeholder='{"price": {"$lt": 50}}'
            aria-invalid={filterError ? true : undefined}
            aria-describedby="filter-help"
            spellCheck={false}
          />
        </label>
        <button type="submit">Apply filter</button>
        <label>
          Sort by
          <select
            value={sort.fieldName}
            onChange={(e) => (setSort((s) => ({ ...s, fieldName: e.target.value })), setPage(0))}
          >
            <option value="">Creation order</option>
            {[...keys, '_createdDate', '_updatedDate'].map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        <label>
          Order
          <select
            value={sort.order}
            onChange={(e) => (setSort((s) => ({ ...s, order: e.target.value as 'ASC' | 'DESC' })), setPage(0))}
          >
            <option value="ASC">Ascending</option>
            <option value="DESC">Descending</option>
          </select>
        </label>
      </form>
      <p id="filter-help" className="help">
        The data API's query language: {'{"price": {"$lt": 50}}'}, {'{"category": {"$in": ["Mugs", "Lamps"]}}'},{' '}
        {'{"$or": [...]}'}.
      </p>
      <Notice error={filterError ?? result.error} />
      <DataTable table={table} loading={result.loading} describedBy="items-count" />
      <p id="items-count" role="status">
        {result.loading
          ? 'Loading items…'
          : result.total
            ? `Showing ${first}–${last} of ${result.total}`
            : 'No items match'}
      </p>
      <nav className="pager" aria-label="Pages">
        <button type="button" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
          Previous page
        </button>
        <span>
          Page {page + 1} of {pageCount}
        </span>
        <button type="button" disabled={page + 1 >= pageCount} onClick={() => setPage((p) => p + 1)}>
          Next page
        </button>
      </nav>
      <CsvImport siteId={siteId} collectionId={collectionId} onImported={() => setReload((n) => n + 1)} />
    </>
  );
}
