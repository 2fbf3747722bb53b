import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type HTMLAttributes } from 'react';

/** Rows rendered beyond the window on each side, so ↑/↓ and Tab always find the next one. */
const OVERSCAN = 8;
/** The next page is asked for when a row this close to the end of the loaded ones is rendered. */
const LOAD_AHEAD = 10;

export interface WindowedListOptions {
  /** Rows loaded so far. */
  count: number;
  /** A stable key per row (its id), so measured heights follow rows as pages arrive. */
  keyOf: (index: number) => string;
  /** A row's usual height in pixels, before it is measured. */
  estimatedRowHeight: number;
  /** Space between rows in pixels. */
  gap: number;
  /** How many rows the whole list has (aria-setsize); the loaded count when unknown. */
  total?: number;
  /** More rows to load, and whether they are loading. */
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** False after a failed page: only an explicit request (Load more) asks again, never a loop. */
  loadsOnScroll: boolean;
  fetchNextPage: () => void;
  /** A row to keep in reach (the selection moved from the keyboard). */
  revealIndex?: number;
}

/**
 * A long list of which only the rows near the window are in the page (TanStack Virtual over the
 * window's scroll): with 10,000 rows loaded, a click or a new page costs what it does with 50.
 * Every row says where it stands in the whole list (aria-posinset of aria-setsize), and the next
 * page loads as the end of the loaded rows comes into view. The list element gets `listProps`,
 * each row element `rowProps(item)`, positioned absolutely inside it.
 */
export function useWindowedList({
  count,
  keyOf,
  estimatedRowHeight,
  gap,
  total,
  hasNextPage,
  isFetchingNextPage,
  loadsOnScroll,
  fetchNextPage,
  revealIndex = -1,
}: WindowedListOptions) {
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts in the document, for the window's scroll position to be read against.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimatedRowHeight,
    gap,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: keyOf,
  });
  const items = virtualizer.getVirtualItems();

  const lastRendered = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (loadsOnScroll && hasNextPage && !isFetchingNextPage && lastRendered >= count - LOAD_AHEAD)
      fetchNextPage();
  }, [loadsOnScroll, hasNextPage, isFetchingNextPage, lastRendered, count, fetchNextPage]);

  useEffect(() => {
    if (revealIndex >= 0) virtualizer.scrollToIndex(revealIndex, { align: 'auto' });
    // Only when the row to reveal changes, not on every render of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealIndex]);

  const setSize = Math.max(total ?? 0, count);
  return {
    items,
    listProps: {
      ref: listRef,
      className: 'relative w-full',
      style: { height: virtualizer.getTotalSize() } satisfies CSSProperties,
    },
    rowProps: (item: VirtualItem) =>
      ({
        ref: virtualizer.measureElement,
        'data-index': item.index,
        'aria-setsize': setSize,
        'aria-posinset': item.index + 1,
        className: 'absolute top-0 left-0 w-full',
        style: { transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` },
      }) satisfies HTMLAttributes<HTMLLIElement> & { ref: unknown; 'data-index': number },
  };
}
