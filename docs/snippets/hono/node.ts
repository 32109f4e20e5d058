import { serve } from "@hono/node-server";
import { createApp } from "./app.js";
import { auth } from "./auth.js";

const app = createApp(auth);
serve({ fetch: app.fetch, port: 3000 }, (info) => console.log(`Listening on http://localhost:${info.port}`));
