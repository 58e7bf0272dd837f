import type { FastifyRequest } from 'fastify';

/** Admin mode calls the same API under /admin/api (spec 1 section 7). */
export const isAdminApiPath = (url: string) => /^\/admin\/api(\/|$|\?)/i.test(url);

/** Whether a call came in admin mode: the app's hook has already checked the caller holds the admin access code. */
export const inAdminMode = (request: FastifyRequest) => isAdminApiPath(request.originalUrl);
