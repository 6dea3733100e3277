import { useState } from 'react';
import { useField } from './field.js';

export interface SearchableOption {
  id: string;
  label: string;
  /** Extra text the search also matches (a SKU, a code); not shown. */
  keywords?: string;
}

export interface SearchableSelectProps {
  /** The select's id; its errors get `${id}-error`. */
  id: string;
  label: string;
  /** The search box's accessible name and placeholder. */
  searchLabel: string;
  /** The search box's placeholder; the search label when absent. */
  searchPlaceholder?: string;
  options: readonly SearchableOption[];
  value: string;
  onChange: (value: string) => void;
  /** The empty option: "choose…" or "none". */
  placeholder: string;
  /** The empty option's text while the search matches nothing. */
  noMatch: string;
  errors?: readonly string[] | undefined;
  /** `data-field` for forms that focus their first invalid field. */
  dataField?: string;
}

/**
 * A native select with a search box above it: long lists (a campus's areas, a warehouse's items)
 * stay quick to pick from on a phone, and the native control keeps the platform's own picker
 * and accessibility. The chosen option always stays listed, whatever the search says. The label
 * and errors are the shared field frame (`useField`), as for TextField and SelectField.
 */
export function SearchableSelect({
  id,
  label,
  searchLabel,
  searchPlaceholder = searchLabel,
  options,
  value,
  onChange,
  placeholder,
  noMatch,
  errors,
  dataField,
}: SearchableSelectProps) {
  const [query, setQuery] = useState('');
  const field = useField({ label, id, errors });
  const needle = query.trim().toLowerCase();
  const shown = options.filter(
    (option) =>
      needle === '' ||
      option.id === value ||
      `${option.label} ${option.keywords ?? ''}`.toLowerCase().includes(needle),
  );
  return field.frame(
    <>
      <input
        type="search"
        className="input"
        autoComplete="off"
        placeholder={searchPlaceholder}
        aria-label={searchLabel}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <select
        id={field.id}
        className="input"
        data-field={dataField}
        value={value}
        {...field.aria}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{shown.length === 0 && needle !== '' ? noMatch : placeholder}</option>
        {shown.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </>,
  );
}
