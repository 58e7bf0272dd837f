import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../useOpenedOnce';
import type { HistoryDialogProps } from './HistoryDialog';

const HistoryDialog = lazy(() => import('./HistoryDialog').then((m) => ({ default: m.HistoryDialog })));

/** The history dialog, its script loaded when it first opens. */
export function LazyHistoryDialog(props: HistoryDialogProps) {
  const opened = useOpenedOnce(props.isOpen);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <HistoryDialog {...props} />
    </Suspense>
  );
}
