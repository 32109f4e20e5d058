import { UnauthorizedException, type CanActivate, type ExecutionContext } from "@nestjs/common";
import { expressSessionStore, type AuthHandlers, type SignedInSession } from "sign-in-with-xrpl";
import type { ExpressGlueRequest } from "sign-in-with-xrpl/express";

/** A request the guard let through: its sign-in is in `xrpl`. */
export type SignedInRequest = ExpressGlueRequest & { xrpl: SignedInSession };

/** Lets signed-in requests through (Nest's 401 for the others), with the sign-in on `req.xrpl`. */
export class SignInGuard implements CanActivate {
  constructor(private readonly handlers: AuthHandlers) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<ExpressGlueRequest & { xrpl?: SignedInSession }>();
    const signedIn = await this.handlers.getSignedIn(expressSessionStore(req), { request: req });
    if (signedIn === null) throw new UnauthorizedException("Not authenticated.");
    req.xrpl = signedIn;
    return true;
  }
}
