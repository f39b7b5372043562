import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../components/DataTable.js';
import { Pager } from '../../components/Pager.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { cellText, collectionExportUrl, useCollection, useItems, type CollectionInfo, type Item } from './api.js';
import { CsvImport } from './CsvImport.js';
import { displayFieldOf, isTechnical, labelOfKey } from './editor-fields.js';
import { FilterBuilder } from './FilterBuilder.js';
import { referencedIds, useReferenceNames } from './reference-names.js';
import { previewOf } from '../media/api.js';

const PAGE_SIZE = 25;

/** Rich text in a cell: its words without markup, at most 120 characters. */
function plainText(html: string): string {
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
const column = createColumnHelper<Item>();

// A multi-reference cell names this many items, then says how many more there are.
const NAMES_IN_CELL = 2;

/** A reference cell: the items' names (their ids while the names load, or for items not found), truncated with a count. */
function referenceCell(ids: string[], names: Map<string, string> | undefined): string {
  const shown = ids.slice(0, NAMES_IN_CELL).map((id) => names?.get(id) ?? id);
  const more = ids.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** Every column the chooser offers: `_id`, the declared fields, other fields seen on this page, the dates. */
function columnKeys(info: CollectionInfo | undefined, items: Item[]): string[] {
  const keys = ['_id', ...(info?.fields.map((f) => f.key) ?? [])];
  for (const item of items)
    for (const key of Object.keys(item))
      if (!keys.includes(key) && !isTechnical(key) && keys.length < 12) keys.push(key);
  return [...keys, '_createdDate', '_updatedDate'];
}

/**
 * A collection's items: the filter builder (JSON behind Advanced), columns by their labels with technical ones
 * hidden until chosen, sort by any column, server-side paging, Add item, CSV export of the current query and CSV
 * import with a per-row report.
 */
export function ItemsPage({ siteId, collectionId }: { siteId: string; collectionId: string }) {
  const { data: info } = useCollection(siteId, collectionId);
  const [filter, setFilter] = useState<{ text: string; value: unknown }>({ text: '', value: {} });
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const [sort, setSort] = useState<{ fieldName: string; order: 'ASC' | 'DESC' }>({ fieldName: '', order: 'ASC' });
  const [page, setPage] = useState(0);
  const items = useItems(siteId, collectionId, {
    filter: filter.value,
    sort: sort.fieldName ? [sort] : [],
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });
  const result = { ...(items.data ?? { items: [], total: 0 }), loading: items.isFetching };

  const keys = columnKeys(info, result.items);
  const display = displayFieldOf(info);
  const visible = keys.filter((k) => shown[k] ?? (!isTechnical(k) || (k === '_id' && display === '_id')));
  const imageKeys = new Set(info?.fields.filter((f) => f.type === 'image').map((f) => f.key));
  const richKeys = new Set(info?.fields.filter((f) => f.type === 'richtext').map((f) => f.key));
  const referenceFields =
    info?.fields.filter((f) => (f.type === 'reference' || f.type === 'multireference') && f.collection) ?? [];
  const referenceKeys = new Set(referenceFields.map((f) => f.key));
  const names = useReferenceNames(
    siteId,
    referenceFields
      .filter((f) => visible.includes(f.key))
      .map((f) => ({ collectionId: f.collection!, ids: result.items.flatMap((i) => referencedIds(i[f.key]) ?? []) })),
  );
  // The link to an item's form sits on its display field (its title), or on the first column shown.
  const linkKey = visible.includes(display) ? display : visible[0];
  const columns = useMemo(
    () =>
      visible.map((key) =>
        column.accessor((row) => row[key], {
          id: key,
          header: labelOfKey(info, key),
          cell: (c) => {
            const value = c.getValue();
            if (key === linkKey)
              return (
                <Link
                  to={`/collections/${encodeURIComponent(collectionId)}/items/${encodeURIComponent(c.row.original._id)}`}
                >
                  {cellText(value) || c.row.original._id}
                </Link>
              );
            if (richKeys.has(key) && typeof value === 'string') return plainText(value);
            const ids = referenceKeys.has(key) ? referencedIds(value) : undefined;
            if (ids) return referenceCell(ids, names);
            if (imageKeys.has(key) && typeof value === 'string' && value)
              return <img className="cell-image" src={previewOf(value, 160)} alt="" width={40} height={40} />;
            return cellText(value);
          },
        }),
      ),
    // The key list is the dependency by value: a new array with the same keys keeps the columns.
    [visible.join('\u0000'), collectionId, info, linkKey, names],
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
          href={collectionExportUrl(siteId, collectionId, filter.text, sort.fieldName ? [sort] : [])}
          download={`${collectionId}.csv`}
        >
          Export CSV
        </a>
      </div>
      <FilterBuilder info={info} onApply={(next) => (setFilter(next), setPage(0))} />
      <div className="toolbar">
        <label>
          Sort by
          <select
            value={sort.fieldName}
            onChange={(e) => (setSort((s) => ({ ...s, fieldName: e.target.value })), setPage(0))}
          >
            <option value="">Creation order</option>
            {keys.map((k) => (
              <option key={k} value={k}>
                {labelOfKey(info, k)}
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
        <details className="column-chooser">
          <summary>Columns</summary>
          <fieldset>
            <legend className="visually-hidden">Columns shown</legend>
            {keys.map((k) => (
              <label key={k}>
                <input
                  type="checkbox"
                  checked={visible.includes(k)}
                  onChange={(e) => setShown((s) => ({ ...s, [k]: e.target.checked }))}
                />{' '}
                {labelOfKey(info, k)}
              </label>
            ))}
          </fieldset>
        </details>
      </div>
      <Notice error={items.error?.message} />
      <DataTable table={table} loading={result.loading} describedBy="items-count" />
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={result.total}
        loading={result.loading}
        noun="items"
        statusId="items-count"
        onPage={setPage}
      />
      <CsvImport siteId={siteId} collectionId={collectionId} />
    </>
  );
}
