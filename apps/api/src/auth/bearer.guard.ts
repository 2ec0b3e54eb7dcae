import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { Principal, RecordingError, scopeOf } from '@cardlog/recording';
import type { AuthedRequest } from './request-gate';

/**
 * Writes need a record token. The request gate (request-gate.ts) has authenticated the token, if
 * any, before the body was read; this guard decides whether it may write.
 */
@Injectable()
export class BearerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const principal = context.switchToHttp().getRequest<AuthedRequest>().principal;
    if (!principal) throw new RecordingError('unauthorized', 'UNAUTHORIZED', 'this route needs an Authorization: Bearer <token> header');
    if (scopeOf(principal) !== 'record') {
      throw new RecordingError('forbidden', 'SCOPE_FORBIDDEN', `this is a ${scopeOf(principal)} token: it reads games; recording needs a record token`, {
        scope: scopeOf(principal),
      });
    }
    return true;
  }
}

/** The writer, after BearerGuard. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  return context.switchToHttp().getRequest<AuthedRequest>().principal!;
});

/** The reader: a token's principal, or null when anonymous. */
export const Reader = createParamDecorator((_data: unknown, context: ExecutionContext): Principal | null => {
  return context.switchToHttp().getRequest<AuthedRequest>().principal ?? null;
});
