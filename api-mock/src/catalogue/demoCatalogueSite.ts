import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../lib/html';
import { DEMO_PRODUCT_CATALOGUE, type CatalogueProduct, type CatalogueResource } from '../seed/productCatalogue';

/**
 * The demo world's product site: the pages its catalogue's productUrl points at, served by the portal itself so the
 * Product information tab's Resources work offline. A product page carries its resource block (id "resources") with
 * relative links, as a vendor's site would; the Resources tab reads that block from demoProductPageAt, in process.
 */
export const DEMO_CATALOGUE_PATH = '/catalogue/products';

/** Ends with a slash: the page's relative links resolve below it. */
export const demoProductUrl = (partNumber: string) => `${DEMO_CATALOGUE_PATH}/${encodeURIComponent(partNumber)}/`;
export const demoProductImageUrl = (partNumber: string) => `${demoProductUrl(partNumber)}image.svg`;

const RESOURCE_KIND_NAMES: Record<CatalogueResource['kind'], string> = {
  brochure: 'Brochure',
  applicationNote: 'Application note',
  technicalNote: 'Technical note',
  manual: 'Manual',
  webinar: 'Webinar',
};

const byPart = new Map(DEMO_PRODUCT_CATALOGUE.map((p) => [p.partNumber, p]));

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:56rem;line-height:1.5;padding:0 1rem}' +
  'header{border-bottom:1px solid #ccc;margin-bottom:1rem}nav a{margin-right:1rem}';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<header><p>Demo product catalogue</p></header>
${body}
</body>
</html>`;
}

function productPage(product: CatalogueProduct): string {
  const specs = (['length', 'depth', 'height', 'width', 'weight'] as const)
    .filter((key) => product[key])
    .map((key) => `<dt>${key[0]!.toUpperCase()}${key.slice(1)}</dt><dd>${escapeHtml(product[key]!)}</dd>`)
    .join('');
  const resources = product.resources
    .map(
      (r) =>
        `<li><a href="resources/${r.slug}">${escapeHtml(r.title)}</a> <span>(${RESOURCE_KIND_NAMES[r.kind]})</span></li>`,
    )
    .join('\n');
  return page(
    product.displayName,
    `<main>
<h1>${escapeHtml(product.displayName)}</h1>
<p>${escapeHtml(product.shortDescription)}</p>
<img src="image.svg" alt="${escapeHtml(product.displayName)}" width="320" height="200">
<article>${product.longDescription}</article>
<h2>Specifications</h2>
<dl>${specs}</dl>
<section id="resources">
<h2>Resources</h2>
<ul>
${resources}
</ul>
</section>
</main>`,
  );
}

function resourcePage(product: CatalogueProduct, resource: CatalogueResource): string {
  return page(
    resource.title,
    `<nav><a href="../">${escapeHtml(product.displayName)}</a></nav>
<main>
<p>${RESOURCE_KIND_NAMES[resource.kind]}</p>
<h1>${escapeHtml(resource.title)}</h1>
<p>${escapeHtml(resource.summary)}</p>
</main>`,
  );
}

/** The HTML the site serves at this path for a product page, or null when the path is no product page of it. */
export function demoProductPageAt(path: string): string | null {
  const prefix = `${DEMO_CATALOGUE_PATH}/`;
  if (path.length > 300 || !path.startsWith(prefix) || !path.endsWith('/')) return null;
  const segment = path.slice(prefix.length, -1);
  if (segment.includes('/')) return null;
  try {
    const product = byPart.get(decodeURIComponent(segment));
    return product ? productPage(product) : null;
  } catch {
    return null;
  }
}

/** A drawing of the instrument's outline with its name, in place of a product photograph. */
function productImage(product: CatalogueProduct): string {
  const name = escapeHtml(product.displayName);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" role="img" aria-label="${name}">
<rect width="320" height="200" fill="#eef2f6"/>
<rect x="60" y="40" width="200" height="100" rx="10" fill="#ffffff" stroke="#5c7080" stroke-width="3"/>
<rect x="80" y="60" width="90" height="50" rx="4" fill="#cfe3f4" stroke="#5c7080"/>
<circle cx="215" cy="85" r="18" fill="none" stroke="#5c7080" stroke-width="3"/>
<rect x="70" y="140" width="180" height="10" fill="#5c7080"/>
<text x="160" y="180" text-anchor="middle" font-family="sans-serif" font-size="14" fill="#182026">${escapeHtml(
    `${product.brandName} ${product.modelName}`,
  )}</text>
</svg>`;
}

const send = (reply: FastifyReply, type: string, body: string) =>
  reply
    .header('Cache-Control', 'public, max-age=3600')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'")
    .type(type)
    .send(body);

/** The site's own 404: the portal's fallback would answer its welcome page. */
const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found');

export async function registerDemoCatalogueSite(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { part: string } }>(`${DEMO_CATALOGUE_PATH}/:part`, async (request, reply) => {
    const product = byPart.get(request.params.part);
    if (!product) return notFound(reply);
    // Without the trailing slash the page's relative links would resolve one level too high.
    if (!request.url.split('?')[0]!.endsWith('/')) return reply.redirect(demoProductUrl(product.partNumber), 301);
    return send(reply, 'text/html; charset=utf-8', productPage(product));
  });
  app.get<{ Params: { part: string } }>(`${DEMO_CATALOGUE_PATH}/:part/image.svg`, async (request, reply) => {
    const product = byPart.get(request.params.part);
    if (!product) return notFound(reply);
    return send(reply, 'image/svg+xml', productImage(product));
  });
  app.get<{ Params: { part: string; slug: string } }>(
    `${DEMO_CATALOGUE_PATH}/:part/resources/:slug`,
    async (request, reply) => {
      const product = byPart.get(request.params.part);
      const resource = product?.resources.find((r) => r.slug === request.params.slug);
      if (!product || !resource) return notFound(reply);
      return send(reply, 'text/html; charset=utf-8', resourcePage(product, resource));
    },
  );
}
