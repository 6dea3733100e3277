import { useState } from 'react';

export interface SearchableOption {
  id: string;
  label: string;
  /** Extra text the search also matches (a SKU, a code); not shown. */
  keywords?: string;
}

export interface SearchableSelectProps {
  /** The select's id; its errors get `${id}-error` unless errorId says otherwise. */
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
  errorId?: string;
  /** `data-field` for forms that focus their first invalid field. */
  dataField?: string;
}

/**
 * A native select with a search box above it: long lists (a campus's areas, a warehouse's items)
 * stay quick to pick from on a phone, and the native control keeps the platform's own picker
 * and accessibility. The chosen option always stays listed, whatever the search says.
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
  errorId = `${id}-error`,
  dataField,
}: SearchableSelectProps) {
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = options.filter(
    (option) =>
      needle === '' ||
      option.id === value ||
      `${option.label} ${option.keywords ?? ''}`.toLowerCase().includes(needle),
  );
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
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
        id={id}
        className="input"
        data-field={dataField}
        value={value}
        aria-invalid={invalid}
        {...(invalid && { 'aria-describedby': errorId })}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{shown.length === 0 && needle !== '' ? noMatch : placeholder}</option>
        {shown.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      {invalid && (
        <p id={errorId} className="field-error">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
