import { useState, type ReactNode } from 'react';
import { Card } from '@blueprintjs/core';

export interface FileDropCardProps {
  /** The files dropped on the card. */
  onDrop(files: File[]): void;
  children: ReactNode;
  'data-testid'?: string;
}

/** A drop zone around a file picker: raised while files are dragged over it. */
export function FileDropCard({ onDrop, children, ...rest }: FileDropCardProps) {
  const [dragging, setDragging] = useState(false);
  return (
    <Card
      compact
      elevation={dragging ? 2 : 0}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onDrop(Array.from(e.dataTransfer.files));
      }}
      {...rest}
    >
      {children}
    </Card>
  );
}
