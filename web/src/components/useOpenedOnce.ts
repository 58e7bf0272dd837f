import { useState } from 'react';

/**
 * True from the first time `open` is true: a dialog whose script loads on demand mounts then, and stays mounted
 * so that it closes (and opens again) as before.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
