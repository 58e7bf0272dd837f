import { H1, H2, H3, H4, H5, H6, NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';

const HEADINGS = { 1: H1, 2: H2, 3: H3, 4: H4, 5: H5, 6: H6 } as const;

type TitledNonIdealStateProps = Omit<NonIdealStateProps, 'title'> & { title: string };

/**
 * A NonIdealState whose title is a heading of the given level, drawn at the size of Blueprint's own (an h4, which
 * skips levels under a dialog's or a section's title).
 */
export function SectionNonIdealState({
  level,
  title,
  description,
  ...props
}: TitledNonIdealStateProps & { level: keyof typeof HEADINGS }) {
  const Heading = HEADINGS[level];
  return (
    <NonIdealState
      {...props}
      description={
        <div>
          <Heading className="portal-heading-4">{title}</Heading>
          {typeof description === 'string' ? <p>{description}</p> : description}
        </div>
      }
    />
  );
}

/** A NonIdealState that is all a screen shows: its title is the screen's h1. */
export function PageNonIdealState(props: TitledNonIdealStateProps) {
  return <SectionNonIdealState {...props} level={1} />;
}
