import { Button, ControlGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { counterCanDecrement, counterCanIncrement, normaliseCounter } from '../../../../contract/validation';
import { LengthCounter } from './LengthCounter';
import { acceptsNumberText, type NumberRules } from './numberRules';

export interface NumberInputProps
  extends Omit<InputGroupProps, 'value' | 'onValueChange' | 'type' | 'maxLength'>, NumberRules {
  value: string;
  onValueChange(value: string): void;
}

/**
 * A number input: keystrokes the number rules refuse leave the value as it was. With a `maxLength` it shows the
 * entered/max counter.
 */
export function NumberInput({ value, onValueChange, bounds, maxLength, rightElement, ...props }: NumberInputProps) {
  const counterId = props.id && maxLength !== undefined ? `${props.id}-counter` : undefined;
  const integer = bounds !== undefined && !bounds.decimals;
  return (
    <InputGroup
      {...props}
      type="text"
      inputMode={integer && (bounds.min ?? 0) >= 0 ? 'numeric' : 'decimal'}
      value={value}
      maxLength={maxLength}
      aria-describedby={[props['aria-describedby'], counterId].filter(Boolean).join(' ') || undefined}
      onValueChange={(next) => acceptsNumberText(next, { bounds, maxLength }) && onValueChange(next)}
      rightElement={
        <>
          {rightElement}
          {maxLength !== undefined && <LengthCounter id={counterId} entered={value.length} max={maxLength} />}
        </>
      }
    />
  );
}

export interface CounterInputProps extends Omit<NumberInputProps, 'bounds' | 'maxLength'> {
  min: number;
  max: number;
}

/**
 * A counter (spec 1 section 5): a whole number from `min` to `max` with minus and plus, each disabled at its bound;
 * leaving it empty or out of range sets 1.
 */
export function CounterInput({ min, max, value, onValueChange, disabled, onBlur, ...props }: CounterInputProps) {
  const { t } = useTranslation();
  const current = normaliseCounter(value, min, max);
  return (
    <ControlGroup>
      <Button
        icon="minus"
        aria-label={t('counter_decrease')}
        disabled={disabled || !counterCanDecrement(current, min)}
        onClick={() => onValueChange(String(current - 1))}
      />
      <NumberInput
        {...props}
        value={value}
        disabled={disabled}
        bounds={{ min: Math.min(min, 0), max }}
        onValueChange={onValueChange}
        onBlur={(e) => {
          onValueChange(String(normaliseCounter(value, min, max)));
          onBlur?.(e);
        }}
      />
      <Button
        icon="plus"
        aria-label={t('counter_increase')}
        disabled={disabled || !counterCanIncrement(current, max)}
        onClick={() => onValueChange(String(current + 1))}
      />
    </ControlGroup>
  );
}
