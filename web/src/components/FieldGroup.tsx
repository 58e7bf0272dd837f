import type { ReactNode } from 'react';
import { FormGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { UiMessage } from '../../../contract/errors';

/** The id of a field's problem text, for the control's aria-describedby. */
export const problemIdOf = (controlId: string) => `${controlId}-error`;

/**
 * A labelled form field: "*" when required, its problem in red under it (announced, and named by the control's
 * aria-describedby through problemIdOf), else the hint.
 */
export function FieldGroup({
  controlId,
  label,
  required = false,
  problem,
  hint,
  children,
}: {
  controlId: string;
  label: string;
  required?: boolean;
  problem?: UiMessage;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormGroup
      label={label}
      labelFor={controlId}
      labelInfo={required ? '*' : undefined}
      intent={problem ? Intent.DANGER : Intent.NONE}
      helperText={
        problem ? (
          <span id={problemIdOf(controlId)} role="alert">
            {t(problem.key, problem.values)}
          </span>
        ) : (
          hint
        )
      }
    >
      {children}
    </FormGroup>
  );
}
