// main.ts of a NestJS app on its default (Express) platform.
import session from "express-session";
import { sessionCookieOptions } from "sign-in-with-xrpl";
import { router } from "sign-in-with-xrpl/express";
import { handlers } from "./auth.js";

/** What NestFactory.create(AppModule) answers, as far as this file uses it. */
interface NestApp {
  use(...handlers: unknown[]): unknown;
  listen(port: number): Promise<unknown>;
}

export async function start(app: NestApp): Promise<void> {
  app.use(
    session({
      ...sessionCookieOptions({ sessionKind: "server-store" }),
      secret: process.env.SESSION_SECRET ?? "",
      resave: false,
      saveUninitialized: false,
    }),
  );
  app.use(router(handlers)); // GET /api/auth/nonce, POST /api/auth/verify, POST /api/auth/signout, GET /api/auth/me
  await app.listen(3000);
}
