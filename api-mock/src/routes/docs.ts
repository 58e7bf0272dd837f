import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { buildOpenApi } from '../../../contract/openapi';

const swaggerUiDir = (
  createRequire(import.meta.url)('swagger-ui-dist') as { getAbsoluteFSPath(): string }
).getAbsoluteFSPath();

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Instrument-owner portal API</title>
    <link rel="stylesheet" href="/api/docs/ui/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/ui/swagger-ui-bundle.js"></script>
    <script src="/api/docs/ui/docs-init.js"></script>
  </body>
</html>`;

const init = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

let openApiDocument: ReturnType<typeof buildOpenApi> | undefined;

/**
 * The OpenAPI document of the contract and a readable page of it (Swagger UI, served from the package). The document
 * is built when first asked for, once per process: building it takes a quarter of a second that no start should wait on.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  app.get('/api/docs/openapi.json', async () => (openApiDocument ??= buildOpenApi()));
  app.get('/api/docs', async (_request, reply) => reply.type('text/html').send(page));
  app.get('/api/docs/ui/docs-init.js', async (_request, reply) => reply.type('application/javascript').send(init));
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: '/api/docs/ui/',
    decorateReply: false,
    index: false,
  });
}
