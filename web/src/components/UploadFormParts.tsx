import type { CSSProperties, ReactNode } from 'react';
import { Button, Classes, FileInput, Intent, ProgressBar, type FileInputProps } from '@blueprintjs/core';

export interface PickFileInputProps extends Omit<FileInputProps, 'onInputChange'> {
  /** The files picked in the browser's file chooser. */
  onPick(files: File[]): void;
}

/** A file input that hands over the picked files; picking the same file again is a new pick. */
export function PickFileInput({ onPick, ...props }: PickFileInputProps) {
  return (
    <FileInput
      {...props}
      onInputChange={(e) => {
        onPick(Array.from(e.currentTarget.files ?? []));
        e.currentTarget.value = '';
      }}
    />
  );
}

/** The muted line under a file input that says files can be dropped on it. */
export function DropHint({ children }: { children: ReactNode }) {
  return (
    <p className={Classes.TEXT_MUTED} style={{ marginTop: 8, marginBottom: 0 }}>
      {children}
    </p>
  );
}

export interface ClearChoiceButtonProps {
  /** Its accessible name and tooltip. */
  label: string;
  disabled?: boolean;
  onClick(): void;
}

/** The small cross that drops the chosen file. */
export function ClearChoiceButton({ label, disabled, onClick }: ClearChoiceButtonProps) {
  return (
    <Button variant="minimal" icon="cross" aria-label={label} title={label} disabled={disabled} onClick={onClick} />
  );
}

export interface UploadProgressProps {
  /** Whole percent sent so far. */
  percent: number;
  /** What is happening, e.g. uploading with the percent, then saving. */
  label: ReactNode;
  style?: CSSProperties;
}

/** The progress of an upload, announced politely. */
export function UploadProgress({ percent, label, style }: UploadProgressProps) {
  return (
    <div role="status" aria-live="polite" style={style}>
      <ProgressBar value={percent / 100} intent={Intent.PRIMARY} stripes={percent < 100} />
      <span className={Classes.TEXT_MUTED}>{label}</span>
    </div>
  );
}
