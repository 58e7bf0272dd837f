import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers on every answer: a CSP the built app passes with no inline script (Blueprint and the charts set
 * inline styles, so styles may be inline), no framing, nosniff, a strict referrer policy, and HSTS over HTTPS.
 * Answers that need tighter rules (stored files, the outbox page) set their own CSP after this.
 */
export async function registerSecurityHeaders(app: FastifyInstance, secure: boolean, storageOrigin?: string) {
  // Files on S3 come from the store's origin: uploads, document reads, images and videos.
  const store = storageOrigin ? [storageOrigin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...store],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:', ...store],
        connectSrc: ["'self'", ...store],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Signed download URLs of stored files open in the same window and in <img>, from the store's origin on S3.
    crossOriginEmbedderPolicy: false,
  });
}
