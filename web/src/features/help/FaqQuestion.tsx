import { useState } from 'react';
import { Alignment, Button, Card, Classes, Collapse } from '@blueprintjs/core';
import { SanitizedHtml } from '../../components/SanitizedHtml';

export interface FaqQuestionProps {
  /** Unique within the page; used to tie the question button to its answer. */
  id: string;
  question: string;
  answer: string[];
}

/** One collapsible question: a button that discloses the sanitised answer (Enter and Space work as for any button). */
export function FaqQuestion({ id, question, answer }: FaqQuestionProps) {
  const [open, setOpen] = useState(false);
  const buttonId = `${id}-question`;
  const answerId = `${id}-answer`;
  return (
    <Card compact elevation={open ? 1 : 0} style={{ marginBottom: 8 }}>
      <Button
        id={buttonId}
        variant="minimal"
        fill
        alignText={Alignment.START}
        endIcon={open ? 'chevron-up' : 'chevron-down'}
        aria-expanded={open}
        aria-controls={answerId}
        onClick={() => setOpen((o) => !o)}
        text={<strong>{question}</strong>}
      />
      <div id={answerId}>
        <Collapse isOpen={open}>
          <SanitizedHtml
            lines={answer}
            role="region"
            aria-labelledby={buttonId}
            className={Classes.RUNNING_TEXT}
            style={{ padding: '8px 8px 0' }}
          />
        </Collapse>
      </div>
    </Card>
  );
}
