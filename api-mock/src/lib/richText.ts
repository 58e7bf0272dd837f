import { parseDocument } from 'htmlparser2';
import type { ChildNode } from 'domhandler';
import sanitizeHtml from 'sanitize-html';

/**
 * What the portal's rich-text editor writes (paragraphs, headings, lists, quotes, code, emphasis, links): every
 * other tag, attribute, style and script is dropped before the HTML is stored or mailed, so stored rich text is
 * inert wherever it is shown.
 */
export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'h1',
      'h2',
      'h3',
      'h4',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'code',
      'pre',
      'blockquote',
      'ul',
      'ol',
      'li',
      'hr',
      'a',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const link: Record<string, string> = attribs.href
          ? { href: attribs.href, target: '_blank', rel: 'noopener noreferrer' }
          : {};
        return { tagName, attribs: link };
      },
    },
  }).trim();
}

const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'pre', 'blockquote', 'ul', 'ol', 'hr', 'div']);

function textOf(nodes: ChildNode[]): string {
  let item = 0;
  return nodes
    .map((node) => {
      if (node.type === 'text') return node.data.replace(/\s+/g, ' ');
      if (node.type !== 'tag') return '';
      const inner = textOf(node.children as ChildNode[]);
      if (node.name === 'br') return '\n';
      if (node.name === 'li') {
        const parent = node.parent && 'name' in node.parent ? node.parent.name : 'ul';
        return `\n${parent === 'ol' ? `${++item}.` : '-'} ${inner.trim()}`;
      }
      if (node.name === 'a') {
        const href = node.attribs.href ?? '';
        return href && href !== inner.trim() ? `${inner} <${href}>` : inner;
      }
      return BLOCKS.has(node.name) ? `\n\n${inner.trim()}\n\n` : inner;
    })
    .join('');
}

/** The plain text of sanitised rich text, for a mail in plain text: paragraphs apart, list items on their lines. */
export function richTextToPlain(html: string): string {
  return textOf(parseDocument(html).children as ChildNode[])
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
