import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { Principal, RecordingError, TokenRepository } from '@cardlog/recording';
import type { Request } from 'express';

type AuthedRequest = Request & { principal?: Principal };

/** Writes need `Authorization: Bearer <token>`; the token's hash must match a live token. */
@Injectable()
export class BearerGuard implements CanActivate {
  constructor(private readonly tokens: TokenRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!match) {
      throw new RecordingError('unauthorized', 'UNAUTHORIZED', 'this route needs an Authorization: Bearer <token> header');
    }
    const principal = await this.tokens.authenticate(match[1]!);
    if (!principal) throw new RecordingError('unauthorized', 'UNAUTHORIZED', 'the token is unknown or revoked');
    req.principal = principal;
    return true;
  }
}

export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  return context.switchToHttp().getRequest<AuthedRequest>().principal!;
});
