import type { Page } from 'playwright-core';

export interface ShiftedBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One node a layout shift moved, and where it was drawn before and after. */
export interface ShiftedNode {
  /** `drawn ahead: <class>` for a part the page drew ahead, else the node's place in the tree. */
  node: string;
  before: ShiftedBox;
  after: ShiftedBox;
}

export interface LayoutShift {
  value: number;
  /** Milliseconds since navigation. */
  at: number;
  moved: ShiftedNode[];
}

/**
 * Records every layout shift of the page's next navigation from its start, with the nodes that
 * moved and their boxes before and after: a shift that only shows on a loaded machine then says
 * what moved when it fails. `drawnAhead` is a selector of the parts a page drew before its
 * scripts, named as such; any other node is named by its tag, id and classes up to the body.
 */
export async function recordLayoutShifts(page: Page, drawnAhead: string): Promise<void> {
  await page.addInitScript((drawnAheadParts: string) => {
    const shifts: LayoutShift[] = [];
    (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts = shifts;
    const box = (rect: DOMRectReadOnly): ShiftedBox => ({
      x: rect.x,
      y: rect.y,
      width: rect.width,
      height: rect.height,
    });
    const nameOf = (node: Node | null | undefined): string => {
      const element = node instanceof Element ? node : (node?.parentElement ?? null);
      if (element === null) return node === null || node === undefined ? 'gone' : node.nodeName;
      const part = element.closest(drawnAheadParts);
      if (part !== null) return `drawn ahead: ${part.className}`;
      const path: string[] = [];
      for (let at: Element | null = element; at !== null && at !== document.body;) {
        path.unshift(
          `${at.tagName.toLowerCase()}${at.id === '' ? '' : `#${at.id}`}${[...at.classList].map((c) => `.${c}`).join('')}`,
        );
        at = at.parentElement;
      }
      return path.join(' > ');
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const { value, sources } = entry as unknown as {
          value: number;
          sources: {
            node?: Node | null;
            previousRect: DOMRectReadOnly;
            currentRect: DOMRectReadOnly;
          }[];
        };
        shifts.push({
          value,
          at: Math.round(entry.startTime),
          moved: sources.map((source) => ({
            node: nameOf(source.node),
            before: box(source.previousRect),
            after: box(source.currentRect),
          })),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, drawnAhead);
}

/** The layout shifts recorded so far (recordLayoutShifts). */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts);
}
