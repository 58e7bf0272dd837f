import { useEffect, useRef } from 'react';
import { Classes } from '@blueprintjs/core';

/** The table package does not export its class names; they follow the core's namespace. */
const SCROLLING_BODY = `.${Classes.getClassNamespace()}-table-quadrant-main > .${Classes.getClassNamespace()}-table-quadrant-scroll-container`;

/**
 * Makes a grid's scrolling body a named region that Tab reaches, so the arrow keys scroll it (columns beyond the
 * screen are otherwise out of reach of the keyboard). Put the returned ref on an element around the table.
 */
export function useKeyboardScrolling<T extends HTMLElement>(label: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const body = ref.current?.querySelector<HTMLElement>(SCROLLING_BODY);
    if (!body) return;
    body.tabIndex = 0;
    body.setAttribute('role', 'region');
    body.setAttribute('aria-label', label);
  });
  return ref;
}
