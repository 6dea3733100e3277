import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useDebounced } from './use-debounced.js';

/**
 * A list's search box that types freely; the trimmed text reaches the URL (and so the list) once
 * typing pauses for `delay` ms. A URL change from elsewhere (back button, a link) refills the box.
 */
export function UrlSearchBox({
  q,
  onSearch,
  label,
  placeholder,
  className,
  maxLength,
  delay,
}: {
  q: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder: string;
  className: string;
  maxLength: number;
  delay?: number;
}) {
  const id = useId();
  const [text, setText] = useState(q);
  const settled = useDebounced(text, delay).trim();
  const [seen, setSeen] = useState(q);
  if (seen !== q) {
    setSeen(q);
    if (q !== settled) setText(q);
  }
  const publish = useEffectEvent((value: string) => {
    if (value !== q) onSearch(value);
  });
  useEffect(() => publish(settled), [settled]);

  return (
    <div className={`field ${className}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="search"
        autoComplete="off"
        maxLength={maxLength}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
