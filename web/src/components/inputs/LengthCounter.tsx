import { Classes, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import './inputs.css';

export interface LengthCounterProps {
  id?: string;
  entered: number;
  max: number;
}

/** The entered/max counter of a text input with a maximum length (spec 1 section 5), e.g. "12/50". */
export function LengthCounter({ id, entered, max }: LengthCounterProps) {
  const { t } = useTranslation();
  return (
    <span id={id} className={`${Classes.TEXT_MUTED} length-counter`}>
      <span aria-hidden>
        {entered}/{max}
      </span>
      <span className="length-counter-spoken">{t('text_length_counter', { entered, max })}</span>
    </span>
  );
}

export interface CountedInputProps extends InputGroupProps {
  /** Without it the input is a plain one: no maximum, no counter. */
  maxLength: number | undefined;
  value: string;
  /** Hides the counter (spec 1 section 5: "unless hidden"); the maximum still holds. */
  hideCounter?: boolean;
}

/** A single-line text input that holds at most `maxLength` characters and shows the entered/max counter. */
export function CountedInput({ maxLength, hideCounter, rightElement, ...props }: CountedInputProps) {
  const counterId = props.id ? `${props.id}-counter` : undefined;
  if (hideCounter || maxLength === undefined)
    return <InputGroup {...props} maxLength={maxLength} rightElement={rightElement} />;
  return (
    <InputGroup
      {...props}
      maxLength={maxLength}
      aria-describedby={[props['aria-describedby'], counterId].filter(Boolean).join(' ') || undefined}
      rightElement={
        <>
          {rightElement}
          <LengthCounter id={counterId} entered={props.value.length} max={maxLength} />
        </>
      }
    />
  );
}
