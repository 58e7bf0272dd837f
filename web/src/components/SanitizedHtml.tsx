import { useMemo, type CSSProperties } from 'react';
import DOMPurify from 'dompurify';

export interface SanitizedHtmlProps {
  /** HTML lines, joined in order (an FAQ answer is a list of HTML lines). */
  lines: string[];
  id?: string;
  className?: string;
  style?: CSSProperties;
  role?: string;
  'aria-labelledby'?: string;
}

/** Renders HTML from a file or the server only after DOMPurify has removed scripts, handlers and the like. */
export function SanitizedHtml({ lines, ...props }: SanitizedHtmlProps) {
  const html = useMemo(() => DOMPurify.sanitize(lines.join('\n'), { USE_PROFILES: { html: true } }), [lines]);
  return <div {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}
