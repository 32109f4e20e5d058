// Auth.js's routes: /api/auth/csrf, /api/auth/callback/xrpl, /api/auth/session, /api/auth/signout...
import { handlers } from "@/auth";

export const { GET, POST } = handlers;
