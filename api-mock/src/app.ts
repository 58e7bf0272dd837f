import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { initServer } from '@ts-rest/fastify';
import { HttpErrorCode } from '../../contract/errors';
import type { AppDeps } from './deps';
import { ReportRenderer } from './reports/reportRenderer';
import { registerDemoCatalogueSite } from './catalogue/demoCatalogueSite';
import { productResourceFetcher } from './catalogue/productResources';
import { badRequest, HttpProblem, Refusal } from './lib/problem';
import { databaseRefusal } from './lib/databaseRefusal';
import { sessionOf } from './auth/context';
import { checkPageSession, refuseOtherUser } from './access/pageSession';
import { guarded, registerAdminMode } from './access/guard';
import { schedulePurge } from './db/purge';
import { registerDeviceCookieKey } from './auth/deviceCookie';
import { registerCookieNames } from './lib/cookieNames';
import { registerRateLimits } from './auth/rateLimits';
import { shapeProblem } from './lib/requestShape';
import { registerSecurityHeaders } from './lib/securityHeaders';
import { checkXsrf, registerXsrfKeys } from './lib/xsrf';
import { loadSigningSecret } from './storage/signing';
import { registerDevMachines } from './routes/devMachines';
import { registerDevOutbox } from './routes/devOutbox';
import { registerDocs } from './routes/docs';
import { registerHub } from './realtime/hub';
import { registerFileRoutes } from './images/router';
import { FILES_PREFIX } from './storage/signing';
import { localStorageOf, storageOf, storageOriginOf } from './storage';
import { implementations } from './routes';

const isApiPath = (url: string) => /^\/(admin\/)?api(\/|$|\?)/i.test(url);
const IMMUTABLE = 'public, max-age=31536000, immutable';
const isHashedAsset = (webRoot: string, file: string) => path.relative(webRoot, file).split(path.sep)[0] === 'assets';

/** A JSON body is a form's worth of fields; files go to storage through signed URLs, never through JSON. */
export const JSON_BODY_LIMIT = 256 * 1024;
/** The whole request, body included, must arrive within this: a slow sender cannot hold a socket for ever. */
export const REQUEST_TIMEOUT_MS = 120_000;

/** The spec's service report link (spec 1 section 7), a page of the web app despite its file-like name. */
const SERVICE_REPORT_PAGE = /^\/[^/]+\/ServiceReport\.aspx$/i;

/** How long the hooks before the server answers may take (see pluginTimeout below). */
const STARTUP_PURGE_TIMEOUT_MS = 300_000;

export async function buildApp(given: AppDeps, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const deps: AppDeps = {
    ...given,
    reports: given.reports ?? new ReportRenderer(),
    productResources: given.productResources ?? productResourceFetcher(),
  };
  const app = Fastify({
    logger: opts.logger ?? false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Admin mode calls the same API under /admin/api; the hook below checks the caller may use it.
    rewriteUrl: (req) => (req.url ?? '/').replace(/^\/admin\/api(?=\/|$|\?)/i, '/api'),
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: REQUEST_TIMEOUT_MS,
    trustProxy: deps.config.trustProxy?.length ? deps.config.trustProxy : false,
    // The purge before the server answers takes back an import a crash cut off (thousands of rows, on PGlite with a
    // busy disk more than Fastify's default 10 s): the server waits for it rather than failing to start.
    pluginTimeout: STARTUP_PURGE_TIMEOUT_MS,
  });
  app.addHook('onClose', async () => {
    if (!given.reports) await deps.reports!.close();
  });
  registerCookieNames(app, deps.config.secureCookies);
  await app.register(cookie);
  const signingSecret = loadSigningSecret(localStorageOf(deps.config).root);
  registerXsrfKeys(app, signingSecret);
  registerDeviceCookieKey(app, signingSecret);
  await registerSecurityHeaders(app, deps.config.secureCookies, storageOriginOf(deps.config));
  if (deps.config.rateLimits)
    await registerRateLimits(app, deps.db, deps.config.rateLimits, !deps.config.singleProcessDatabase);
  schedulePurge(app, deps.db, storageOf(deps.config), deps.config.singleProcessDatabase);

  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
  });
  registerAdminMode(app, deps.db);
  app.addHook('onRequest', async (request, reply) => {
    // On the route the router matched, whatever the spelling of the path: stored files are authorised by their
    // signature instead, and the hub checks tokens per message.
    const route = request.routeOptions.url;
    if (route === undefined || route.startsWith(FILES_PREFIX)) return;
    const xsrfPassed = await checkXsrf(request, reply, async () => (await sessionOf(deps.db, request))?.userId ?? 0);
    await refuseOtherUser(deps.db, request);
    if (!xsrfPassed) {
      return reply
        .status(HttpErrorCode.Forbidden)
        .send({ errorCode: HttpErrorCode.Forbidden, errorMessage: 'Missing or wrong anti-forgery token' });
    }
  });

  app.addHook('preValidation', async (request) => {
    const problem = shapeProblem([request.query, request.params, request.body]);
    if (problem === 'nul') throw badRequest('Text may not contain the NUL character');
    if (problem === 'depth') throw badRequest('The request nests deeper than any call takes');
    await checkPageSession(deps.db, request);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refusal)
      return reply.status(200).send({ errorCode: error.errorCode, errorMessage: error.message });
    if (error instanceof HttpProblem) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ errorCode: error.errorCode, errorMessage: error.message });
    }
    const refusal = databaseRefusal(error);
    if (refusal) return reply.status(refusal.status).send({ errorCode: refusal.status, errorMessage: refusal.message });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ errorCode: error.statusCode, errorMessage: error.message });
    }
    const errorId = randomUUID();
    request.log.error({ err: error, errorId }, 'unhandled error');
    if (!opts.logger) console.error(`[${errorId}]`, error);
    return reply
      .status(HttpErrorCode.ServerError)
      .send({ errorCode: HttpErrorCode.ServerError, errorMessage: 'Internal server error', errorId });
  });

  const s = initServer();
  // In its own scope: ts-rest's error handler answers schema failures and hands the rest to the one above.
  for (const { router, impl } of implementations(deps)) {
    await app.register(async (scope) =>
      s.registerRouter(router, guarded(deps.db, router, impl, deps.readReplicas) as never, scope, {
        responseValidation: deps.config.validateResponses,
        requestValidationErrorHandler: (err, _request, reply) => {
          const issues = [err.pathParams, err.headers, err.query, err.body].flatMap((e) =>
            (e?.issues ?? []).map((i) => ({ path: i.path, message: i.message, code: i.code })),
          );
          return reply.status(HttpErrorCode.BadRequest).send({
            errorCode: HttpErrorCode.BadRequest,
            errorMessage: 'The request does not match the schema',
            issues,
          });
        },
      }),
    );
  }

  await registerDocs(app);
  if (deps.listen) await registerHub(app, { db: deps.db, listen: deps.listen, config: deps.config });
  await registerFileRoutes(app, deps);
  if (deps.config.devPages || deps.config.mailDispatch) await registerDevOutbox(app, deps);
  if (deps.config.devPages) await registerDemoCatalogueSite(app);
  if (deps.config.devPages) await registerDevMachines(app);

  const webRoot =
    deps.config.webRoot && existsSync(path.join(deps.config.webRoot, 'index.html')) ? deps.config.webRoot : null;
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes x.br and x.gz beside each text file: sent by Accept-Encoding, with Vary: Accept-Encoding.
      preCompressed: true,
      // The build's files under /assets carry a hash of their content in their name; the rest may change.
      setHeaders: (reply, file) => reply.header('Cache-Control', isHashedAsset(webRoot, file) ? IMMUTABLE : 'no-cache'),
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || !webRoot || request.method !== 'GET') {
      return reply.status(HttpErrorCode.NotFound).send({
        errorCode: HttpErrorCode.NotFound,
        errorMessage: `No route ${request.method} ${request.url.split('?')[0]}`,
      });
    }
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file answers 404; the spec's service report link /{customerFolder}/ServiceReport.aspx is a page.
    if (/\.[a-z0-9]+$/i.test(pathname) && !SERVICE_REPORT_PAGE.test(pathname)) {
      return reply.status(HttpErrorCode.NotFound).type('text/plain').send('Not found');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return app;
}
