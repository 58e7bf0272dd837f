import { useId, useState, type ReactNode } from 'react';
import { Button, Classes, Collapse, H2, Section, SectionCard } from '@blueprintjs/core';

export interface DetailSectionProps {
  title: string;
  /** Open when the page opens; the user opens and closes it with the heading's button. */
  defaultOpen?: boolean;
  children: ReactNode;
}

/**
 * A collapsible section of the Instrument tab. The heading holds a real button with aria-expanded (Blueprint's own
 * collapsible Section reports the opposite state and an English label), so it works by keyboard and screen reader.
 * Its body is only rendered while open.
 */
export function DetailSection({ title, defaultOpen = true, children }: DetailSectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const buttonId = `${id}-toggle`;
  const bodyId = `${id}-body`;
  return (
    <Section
      compact
      className={open ? undefined : Classes.SECTION_COLLAPSED}
      titleRenderer={H2}
      title={
        <Button
          id={buttonId}
          variant="minimal"
          size="small"
          endIcon={open ? 'chevron-up' : 'chevron-down'}
          aria-expanded={open}
          aria-controls={bodyId}
          text={title}
          onClick={() => setOpen((o) => !o)}
        />
      }
    >
      <div id={bodyId} role={open ? 'region' : undefined} aria-labelledby={open ? buttonId : undefined}>
        <Collapse isOpen={open}>
          <SectionCard>{children}</SectionCard>
        </Collapse>
      </div>
    </Section>
  );
}
