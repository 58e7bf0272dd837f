import { createContext, useContext, useEffect } from 'react';

export interface UnsavedDataFlags {
  setUnsavedData(value: boolean): void;
  setUnsavedView(value: boolean): void;
}

export const UnsavedDataContext = createContext<UnsavedDataFlags>({
  setUnsavedData: () => {},
  setUnsavedView: () => {},
});

/** Mark the page as holding unsaved data while `dirty`: leaving then asks for confirmation (spec 1 section 2). */
export function useUnsavedData(dirty: boolean): void {
  const { setUnsavedData } = useContext(UnsavedDataContext);
  useEffect(() => {
    setUnsavedData(dirty);
    return () => setUnsavedData(false);
  }, [dirty, setUnsavedData]);
}
