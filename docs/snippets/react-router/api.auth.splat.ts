// app/routes/api.auth.$.ts: every request under /api/auth/ goes to the fetch handler.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { auth } from "./auth.server.js";

// GET /api/auth/nonce and GET /api/auth/me
export const loader = ({ request }: LoaderFunctionArgs) => auth.handle(request);

// POST /api/auth/verify and POST /api/auth/signout
export const action = ({ request }: ActionFunctionArgs) => auth.handle(request);
