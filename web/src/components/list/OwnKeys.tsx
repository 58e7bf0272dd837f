import type { ReactNode } from 'react';

/**
 * Wraps a popover in a grid cell or header: keys pressed in it or its menu are its own. They would otherwise bubble
 * (through React's tree, out of the portal) to the table, whose Tab and Enter move the focused cell and keep the
 * focus from walking into the menu.
 */
export function OwnKeys({ children }: { children: ReactNode }) {
  return <span onKeyDown={(e) => e.stopPropagation()}>{children}</span>;
}
