import { H1, NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';

/**
 * A NonIdealState that is all a screen shows: its title is the screen's h1 (Blueprint draws its own title as an h4,
 * which would leave the screen without an h1).
 */
export function PageNonIdealState({
  title,
  description,
  ...props
}: Omit<NonIdealStateProps, 'title'> & { title: string }) {
  return (
    <NonIdealState
      {...props}
      description={
        <div>
          <H1 className="portal-heading-4">{title}</H1>
          {typeof description === 'string' ? <p>{description}</p> : description}
        </div>
      }
    />
  );
}
