import { useCallback, useRef } from 'react';

interface FocusReturnHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** The element that last lost focus, for a dialog whose field took focus as it mounted. */
let lastFocusOut: HTMLElement | null = null;
let tracking = false;

function trackFocusOut(): void {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener(
    'focusout',
    (event) => {
      if (event.target instanceof HTMLElement) lastFocusOut = event.target;
    },
    true,
  );
}

function usable(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element !== document.body;
}

/**
 * Focus return for a Radix dialog whatever opened it. Radix only returns focus to its own
 * Trigger; a dialog opened from state (Settings from the user block or a toast, a confirmation
 * from a card's button, a dialog from a menu) would leave focus on <body>. So the element focused
 * when the dialog opens is remembered and focused again on close, if it is still on the page.
 * A caller's own onCloseAutoFocus that calls preventDefault() keeps the last word.
 */
export function useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus }: FocusReturnHandlers) {
  trackFocusOut();
  const opener = useRef<HTMLElement | null>(null);
  // Stable, so it runs once as the dialog's content mounts (each opening mounts it anew): the
  // opener still has focus then, or has just lost it to a field with autoFocus. Radix's own
  // open event comes later, and not at all when a field already took focus.
  const ref = useCallback((content: HTMLElement | null) => {
    if (!content) return;
    const active = document.activeElement;
    const candidate = active && content.contains(active) ? lastFocusOut : active;
    opener.current = usable(candidate) && !content.contains(candidate) ? candidate : null;
  }, []);
  return {
    ref,
    onOpenAutoFocus,
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return; // Radix's default: its Trigger, if there is one.
      event.preventDefault();
      target.focus();
    },
  };
}
