// main.ts of a NestJS app on its default (Express) platform.
import type { INestApplication } from "@nestjs/common";
import session from "express-session";
import { sessionCookieOptions } from "sign-in-with-xrpl";
import { router } from "sign-in-with-xrpl/express";
import { handlers } from "./auth.js";

/** Mounts express-session and the sign-in routes on the app, before it listens. */
export function useSignIn(app: INestApplication): void {
  app.use(
    session({
      ...sessionCookieOptions({ sessionKind: "server-store" }),
      secret: process.env.SESSION_SECRET ?? "",
      resave: false,
      saveUninitialized: false,
    }),
  );
  app.use(router(handlers)); // GET /api/auth/nonce, POST /api/auth/verify, POST /api/auth/signout, GET /api/auth/me
}
