import { useMemo, type CSSProperties } from 'react';
import DOMPurify from 'dompurify';

export interface SanitizedHtmlProps {
  /** HTML lines, joined in order (an FAQ answer is a list of HTML lines). */
  lines: string[];
  /** Every link opens in a new tab without access to this one (content from another site). */
  linksInNewTab?: boolean;
  id?: string;
  className?: string;
  style?: CSSProperties;
  role?: string;
  'aria-labelledby'?: string;
}

function sanitize(html: string, linksInNewTab: boolean): string {
  if (!linksInNewTab) return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
  const body = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, RETURN_DOM: true }) as HTMLElement;
  for (const link of body.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return body.innerHTML;
}

/** Renders HTML from a file or the server only after DOMPurify has removed scripts, handlers and the like. */
export function SanitizedHtml({ lines, linksInNewTab = false, ...props }: SanitizedHtmlProps) {
  const html = useMemo(() => sanitize(lines.join('\n'), linksInNewTab), [lines, linksInNewTab]);
  return <div {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}
