/**
 * The Express example's demo page (a server-store session: express-session, `/api/me`) in real chromium.
 */
import { startExpressExample } from "../support/example-process.js";
import { defineDemoPageSuite } from "./demo-flow.js";

defineDemoPageSuite({
  title: "Express example demo page in chromium",
  name: "express",
  meRoutePath: "/api/me",
  // As `npm start` runs it: no APP_DOMAIN, development mode, so the library accepts the
  // loopback hosts the page is served from.
  // buildClient: the page script as the example's start script builds it (public/client.js),
  // from the library built by `npm run test:e2e`.
  start: (ledgerUrl) => startExpressExample({ buildClient: true, env: { XRPL_NODE_URL: ledgerUrl, APP_DOMAIN: undefined } }),
});
