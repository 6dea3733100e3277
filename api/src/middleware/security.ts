import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { publicOrigin } from '../lib/public-origin.js';

/**
 * The Content-Security-Policy the PWA runs under: scripts, workers, manifest and fetches only
 * from this origin; images also from data:/blob: (thumbnails made on the device). Inline
 * styles are allowed because UI libraries set them; inline scripts are not, except the built
 * pages' own, each by its hash (securityHeaders' `inlineScripts`).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export function securityHeaders(
  trustProxy: boolean,
  inlineScripts: readonly string[] | (() => readonly string[]) = [],
): MiddlewareHandler {
  const withScripts = (scripts: readonly string[]) =>
    secureHeaders({
      contentSecurityPolicy: {
        ...CONTENT_SECURITY_POLICY,
        scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, ...scripts],
      },
      xFrameOptions: 'DENY',
      referrerPolicy: 'same-origin',
      // HSTS only means something over HTTPS; it is added below when the request came that way.
      strictTransportSecurity: false,
    });
  const currentScripts = typeof inlineScripts === 'function' ? inlineScripts : () => inlineScripts;
  // One middleware per set of scripts, known by identity: the source hands back the same array
  // until a new build changes it, so an answer costs no comparison of the hashes' text.
  let built: { scripts: readonly string[]; headers: MiddlewareHandler } | undefined;
  return async (c, next) => {
    const scripts = currentScripts();
    if (built?.scripts !== scripts) built = { scripts, headers: withScripts(scripts) };
    await built.headers(c, async () => {
      await next();
    });
    // Every answer passes here: without a trusted proxy the request's own scheme decides, read
    // off its URL's text rather than parsed (the URL hono hands over is absolute).
    const https = trustProxy
      ? publicOrigin(c, true).protocol === 'https:'
      : c.req.url.startsWith('https:');
    if (https) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}

/** Same-origin only unless CORS_ORIGINS names the origins to open it to. */
export function corsPolicy(origins: string[]): MiddlewareHandler {
  if (origins.length === 0) return async (_c, next) => next();
  return cors({
    origin: origins,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type'],
    credentials: true,
    maxAge: 600,
  });
}
