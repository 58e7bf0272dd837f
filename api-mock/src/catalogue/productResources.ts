import { DomUtils, parseDocument } from 'htmlparser2';
import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';
import { PRODUCT_RESOURCES_MAX, type ProductResources } from '../../../contract/equipment';
import { outboundGet, type OutboundPolicy } from '../lib/outboundFetch';
import { demoProductPageAt } from './demoCatalogueSite';

/** How long the product site may take, and how much of its page is read (chosen: not in spec). */
export const PRODUCT_PAGE_TIMEOUT_MS = 3000;
export const PRODUCT_PAGE_MAX_BYTES = 1024 * 1024;

/** A block found is kept this long, a failure less, so a slow site is not asked again on every page view. */
const FOUND_TTL_MS = 10 * 60_000;
const FAILED_TTL_MS = 60_000;
const CACHE_MAX = 500;

/** The resource block: the element with id "resources" or the class "product-resources". */
const isResourceBlock = (el: { attribs: Record<string, string> }) =>
  el.attribs.id === 'resources' || (el.attribs.class ?? '').split(/\s+/).includes('product-resources');

/** Links, lists, headings and text only; every link absolute and opened in a new tab without an opener. */
function sanitiseBlock(html: string, pageUrl: URL): string {
  return sanitizeHtml(html, {
    allowedTags: ['section', 'div', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'br', 'span'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    // The tab names the block; its own headings sit below the page's.
    transformTags: {
      h2: 'h3',
      h3: 'h4',
      a: (tagName, attribs) => {
        const href = absoluteLink(attribs.href, pageUrl);
        const linkAttribs: Record<string, string> = href ? { href, target: '_blank', rel: 'noopener noreferrer' } : {};
        return { tagName, attribs: linkAttribs };
      },
    },
  });
}

function absoluteLink(href: string | undefined, pageUrl: URL): string | null {
  if (!href || href.length > 2000) return null;
  try {
    const url = new URL(href, pageUrl);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The page's text; null when it does not answer 200 with HTML. Throws when it is refused, too slow or too large. */
async function readPage(url: URL, timeoutMs: number, policy: OutboundPolicy | undefined): Promise<string | null> {
  const response = await outboundGet(url, {
    timeoutMs,
    maxBytes: PRODUCT_PAGE_MAX_BYTES,
    headers: { accept: 'text/html' },
    policy,
  });
  if (response.status !== 200 || !(response.headers['content-type'] ?? '').includes('text/html')) return null;
  return new TextDecoder().decode(response.body);
}

/** The sanitised resource block of a page, or null when it has none worth showing. */
export function extractResourceBlock(page: string, pageUrl: URL): string | null {
  const document = parseDocument(page);
  const block = DomUtils.findOne(isResourceBlock, document.children, true);
  if (!block) return null;
  const html = sanitiseBlock(DomUtils.getOuterHTML(block), pageUrl).trim();
  if (html.length === 0 || html.length > PRODUCT_RESOURCES_MAX || !html.includes('<a ')) return null;
  return html;
}

export interface ProductResourceFetcher {
  /** The block of the page at productUrl; a path-only URL is the portal's own demo catalogue. Never throws. */
  resourcesOf(productUrl: string | null, publicOrigin: string): Promise<ProductResources | null>;
}

/**
 * Reads product pages for the Resources sub-tab: the demo catalogue's in process, any other through the outbound
 * guard (`policy`, public web addresses by default) with a timeout and a size cap; one request per page at a time
 * however many users open it, and the answer kept for a while.
 */
export function productResourceFetcher(
  opts: { timeoutMs?: number; policy?: OutboundPolicy } = {},
): ProductResourceFetcher {
  const timeoutMs = opts.timeoutMs ?? PRODUCT_PAGE_TIMEOUT_MS;
  // A page without a block is kept too, as null (the cache holds objects only).
  const cache = new LRUCache<string, { value: ProductResources | null }>({ max: CACHE_MAX, ttl: FOUND_TTL_MS });
  const pending = new Map<string, Promise<ProductResources | null>>();

  async function load({ url, demoPage }: ProductPage): Promise<ProductResources | null> {
    try {
      const page = demoPage ?? (await readPage(url, timeoutMs, opts.policy));
      const html = page === null ? null : extractResourceBlock(page, url);
      return html === null ? null : { html, sourceUrl: url.toString() };
    } catch {
      return null;
    }
  }

  return {
    async resourcesOf(productUrl, publicOrigin) {
      const page = productPageOf(productUrl, publicOrigin);
      if (!page) return null;
      const key = page.url.toString();
      const cached = cache.get(key);
      if (cached !== undefined) return cached.value;
      let loading = pending.get(key);
      if (!loading) {
        loading = load(page).then((value) => {
          pending.delete(key);
          cache.set(key, { value }, { ttl: value ? FOUND_TTL_MS : FAILED_TTL_MS });
          return value;
        });
        pending.set(key, loading);
      }
      return loading;
    },
  };
}

interface ProductPage {
  url: URL;
  /** The page's HTML when it is the demo catalogue's, read without a request. */
  demoPage: string | null;
}

/**
 * A page of the portal's own demo catalogue (its URL made absolute on the portal's public origin for the block's
 * links), or an
 * absolute http(s) URL without credentials; anything else, other paths on the portal included, is not read.
 */
export function productPageOf(productUrl: string | null, publicOrigin: string): ProductPage | null {
  if (!productUrl) return null;
  try {
    if (productUrl.startsWith('/')) {
      const url = new URL(productUrl, publicOrigin);
      const demoPage = url.origin === new URL(publicOrigin).origin ? demoProductPageAt(url.pathname) : null;
      return demoPage === null ? null : { url, demoPage };
    }
    const url = new URL(productUrl);
    if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) return null;
    return { url, demoPage: null };
  } catch {
    return null;
  }
}
