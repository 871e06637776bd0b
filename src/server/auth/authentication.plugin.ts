import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { PortalClaims } from '../../shared/auth/claims.ts';
import type { Role } from '../../shared/auth/roles.ts';
import { HttpError } from '../http-errors.ts';
import { accessTokenVerifier, type TokenVerifyOptions } from './verify-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every route registered inside {@link registerAuthentication}'s scope. */
    portalUser: PortalClaims;
  }
}

/**
 * Makes every route registered on `scope` (after this call) require a valid bearer access token.
 * Register authenticated routes inside an encapsulated plugin so public routes (health, /config.js) stay open.
 */
export function registerAuthentication(
  scope: FastifyInstance,
  getKey: JWTVerifyGetKey,
  options: TokenVerifyOptions,
): void {
  const verify = accessTokenVerifier(getKey, options);
  scope.decorateRequest('portalUser', null as unknown as PortalClaims);
  scope.addHook('onRequest', async (request: FastifyRequest) => {
    request.portalUser = await verify(request.headers.authorization);
  });
}

/** A preHandler that lets only users holding one of `roles` through; others get 403. */
export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!roles.some((role) => request.portalUser.roles.includes(role))) {
      throw new HttpError(403, `This requires the role ${roles.join(' or ')}`);
    }
  };
}
