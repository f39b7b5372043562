import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import type { Category } from './catalog-api.js';
import type { CatalogParams, CatalogSort } from './catalog-params.js';
import { SearchBox } from './SearchBox.js';

interface Props {
  params: CatalogParams;
  categories: Category[];
  onChange(next: CatalogParams): void;
}

/**
 * Search (suggestions as the shopper types, SearchBox; the results ranked when submitted), then category and price
 * sort (applied on change) behind a "Filter and sort" disclosure button, so on a phone the products start near the
 * top. It starts open when a filter is active. On wide screens the search and the button share one row and the
 * opened filters take the full row under it.
 */
export function CatalogFilters({ params, categories, onChange }: Props) {
  const { _ } = useLingui();
  const id = useId();
  const [text, setText] = useState(params.search);
  const [lastSearch, setLastSearch] = useState(params.search);
  const [open, setOpen] = useState(params.category != '' || params.sort != 'featured');
  // Follow the URL when it changes underneath us (Back button).
  if (params.search != lastSearch) {
    setLastSearch(params.search);
    setText(params.search);
  }
  return (
    <form
      className="filters"
      role="search"
      aria-label={_('catalog.filters')}
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...params, search: text.trim(), page: 1 });
      }}
    >
      <div className="filters__search">
        <label htmlFor={`${id}-q`}>{_('catalog.searchLabel')}</label>
        <div className="filters__row">
          <SearchBox id={`${id}-q`} value={text} onValueChange={setText} placeholder={_('catalog.searchPlaceholder')} />
          <button type="submit" className="button">
            {_('catalog.search')}
          </button>
        </div>
      </div>
      <button
        type="button"
        className="button filters__toggle"
        aria-expanded={open}
        aria-controls={`${id}-more`}
        onClick={() => setOpen(!open)}
      >
        {_('catalog.filterAndSort')}
      </button>
      {/* A row of its own under the search and the toggle (not inside the toggle's column): opening it leaves no hole. */}
      <div id={`${id}-more`} className="filters__more" hidden={!open}>
        <div className="filters__select">
          <label htmlFor={`${id}-category`}>{_('catalog.category')}</label>
          <select
            id={`${id}-category`}
            value={params.category}
            onChange={(e) => onChange({ ...params, category: e.target.value, page: 1 })}
          >
            <option value="">{_('catalog.allCategories')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
            {params.category && !categories.some((c) => c.id == params.category) && (
              <option value={params.category}>{params.category}</option>
            )}
          </select>
        </div>
        <div className="filters__select">
          <label htmlFor={`${id}-sort`}>{_('catalog.sortBy')}</label>
          <select
            id={`${id}-sort`}
            value={params.sort}
            onChange={(e) => onChange({ ...params, sort: e.target.value as CatalogSort, page: 1 })}
          >
            <option value="featured">{_('catalog.sort.name')}</option>
            <option value="price-asc">{_('catalog.sort.priceAsc')}</option>
            <option value="price-desc">{_('catalog.sort.priceDesc')}</option>
          </select>
        </div>
      </div>
    </form>
  );
}
