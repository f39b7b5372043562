import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { useNavigate } from '../../app/router/index.js';
import { useShopClient } from '../../app/use-shop-client.js';
import { fetchSuggestions, type Suggestion } from './catalog-api.js';
import { HighlightedText } from './HighlightedText.js';
import { useDebounced } from './use-debounced.js';

interface Props {
  id: string;
  value: string;
  placeholder: string;
  onValueChange(value: string): void;
}

/** Suggestions start at two characters, a moment after the typing stops (one request per pause, not per key). */
const MIN_CHARS = 2;
const PAUSE_MS = 200;

/**
 * The catalog's search field with suggestions as the shopper types: the ARIA 1.2 combobox pattern (an input with
 * a listbox popup, aria-activedescendant). Arrow keys move through the products, Enter opens the one chosen (or,
 * with none chosen, submits the search), Escape closes the list. Names come back with where they say the words,
 * marked with <mark> as React text (HighlightedText): nothing of the product's text is read as markup.
 */
export function SearchBox({ id, value, placeholder, onValueChange }: Props) {
  const { _ } = useLingui();
  const client = useShopClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [found, setFound] = useState<{ text: string; suggestions: Suggestion[] }>({ text: '', suggestions: [] });
  const typed = useDebounced(value.trim(), PAUSE_MS);

  useEffect(() => {
    if ([...typed].length < MIN_CHARS) return;
    let stale = false;
    fetchSuggestions(client, typed).then(
      (suggestions) => !stale && setFound({ text: typed, suggestions }),
      () => !stale && setFound({ text: typed, suggestions: [] }),
    );
    return () => {
      stale = true;
    };
  }, [client, typed]);

  // Only what answers the text still in the field is offered.
  const suggestions = found.text == value.trim() && [...found.text].length >= MIN_CHARS ? found.suggestions : [];
  const expanded = open && suggestions.length > 0;
  const listId = `${id}-suggestions`;
  const optionId = (i: number) => `${listId}-${i}`;
  const current = expanded && active >= 0 && active < suggestions.length ? active : -1;
  const choose = (s: Suggestion) => {
    setOpen(false);
    navigate(`/products/${encodeURIComponent(s.slug)}`);
  };

  return (
    <div className="search-box">
      <input
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        maxLength={100}
        onChange={(e) => {
          onValueChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          const n = suggestions.length;
          if (e.key == 'ArrowDown' && n > 0) {
            e.preventDefault();
            setOpen(true);
            setActive(!expanded || current < 0 ? 0 : (current + 1) % n);
          } else if (e.key == 'ArrowUp' && n > 0) {
            e.preventDefault();
            setOpen(true);
            setActive(!expanded || current <= 0 ? n - 1 : current - 1);
          } else if (e.key == 'Enter' && current >= 0) {
            e.preventDefault();
            choose(suggestions[current]!);
          } else if (e.key == 'Escape' && expanded) {
            e.preventDefault();
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={_('catalog.suggestions')}
        className="search-box__list"
        hidden={!expanded}
      >
        {suggestions.map((s, i) => (
          <li
            key={s.id}
            id={optionId(i)}
            role="option"
            aria-selected={i == current}
            className="search-box__option"
            // Keep the focus in the field (a blur would close the list before the click lands).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(s)}
          >
            <HighlightedText text={s.name} ranges={s.highlights} />
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {expanded ? _('catalog.suggestionCount', { count: suggestions.length }) : ''}
      </p>
    </div>
  );
}
