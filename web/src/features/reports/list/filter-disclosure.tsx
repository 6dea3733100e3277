import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The first control a hand lands on inside the opened filters. */
const FIRST_CONTROL = 'select, input, textarea, button, a[href]';

interface DisclosureProps {
  /** How many filters are in force, shown on the button ("Filter (3)"). */
  active: number;
  /** The applied filters as a key: when they change (applied, reset, a person chosen) it closes. */
  appliedKey: string;
  children: ReactNode;
}

/**
 * On a phone the report list's filters and the role explorer stood about 1,100 px above the
 * first report (issue 45): there they fold behind one "Filter (n)" button, a disclosure (the
 * button says aria-expanded; opening puts the focus on the first filter, Escape closes and gives
 * the focus back to the button). Applying filters closes it, so the results are what follows.
 * On a wider screen the CSS hides the button and always shows the panel, as before.
 */
export function FilterDisclosure({ active, appliedKey, children }: DisclosureProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  /** Set when the user opens it: the focus moves only then, never on the first render. */
  const movedBy = useRef<'open' | 'close' | null>(null);

  const folds = () =>
    button.current !== null && getComputedStyle(button.current).display !== 'none';

  useEffect(() => {
    const move = movedBy.current;
    movedBy.current = null;
    if (move === 'open') panel.current?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
    if (move === 'close') button.current?.focus();
  }, [open]);

  // New filters in force: on a phone the panel makes way for the results.
  const [closedFor, setClosedFor] = useState(appliedKey);
  if (closedFor !== appliedKey) {
    setClosedFor(appliedKey);
    if (open) {
      movedBy.current = 'close';
      setOpen(false);
    }
  }

  const toggle = () => {
    movedBy.current = open ? null : 'open';
    setOpen(!open);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open || !folds()) return;
    event.stopPropagation();
    movedBy.current = 'close';
    setOpen(false);
  };

  return (
    <div className="report-list-disclosure" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="button button-secondary report-list-filter-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        data-active={active}
        onClick={toggle}
      >
        {active > 0
          ? t('reportList.filterToggleCount', { count: active })
          : t('reportList.filterToggle')}
      </button>
      <div id={panelId} ref={panel} className="report-list-layout" data-open={open}>
        {children}
      </div>
    </div>
  );
}
