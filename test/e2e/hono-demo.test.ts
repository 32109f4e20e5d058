/**
 * The Hono example's demo page in real chromium: the Express example's page, served by Hono over
 * the fetch handler (sealed-cookie session), with `/api/me` answered by the app's own route
 * through `getSession`.
 */
import { startHonoExample } from "../support/example-process.js";
import { defineDemoPageSuite } from "./demo-flow.js";

defineDemoPageSuite({
  title: "Hono example demo page in chromium",
  name: "hono",
  meRoutePath: "/api/me",
  // As `npm run example:hono` runs it: no APP_DOMAIN, development mode, so the library accepts
  // the loopback hosts the page is served from. buildClient: the page script as the example's
  // start script builds it (the Express example's public/client.js), from the library built by
  // `npm run test:e2e`.
  start: (ledgerUrl) => startHonoExample({ buildClient: true, env: { XRPL_NODE_URL: ledgerUrl, APP_DOMAIN: undefined } }),
});
