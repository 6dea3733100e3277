import { useEffect, useEffectEvent, useState, type ComponentProps } from 'react';
import { TextField } from './text-field.js';
import { useDebounced } from './use-debounced.js';

type SearchFieldProps = Pick<
  ComponentProps<typeof TextField>,
  'label' | 'placeholder' | 'className' | 'maxLength'
>;

/**
 * A list's search box that types freely; the trimmed text reaches the URL (and so the list) once
 * typing pauses for `delay` ms. A URL change from elsewhere (back button, a link) refills the box.
 */
export function UrlSearchBox({
  q,
  onSearch,
  delay,
  ...field
}: SearchFieldProps & { q: string; onSearch: (q: string) => void; delay?: number }) {
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
    <TextField
      {...field}
      type="search"
      autoComplete="off"
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
