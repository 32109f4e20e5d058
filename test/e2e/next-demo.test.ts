/**
 * The Next example's demo page (a sealed-cookie session: iron-session, `/api/auth/me`) in real chromium.
 */
import { beforeAll } from "vitest";
import { prepareLaunchEnvironment } from "../../examples/next/launch-env.mjs";
import { buildNextExample, startNextExample } from "../support/example-process.js";
import { defineDemoPageSuite } from "./demo-flow.js";

// `next build` (skipped when the last build is newer than the app and the library), before the
// suite starts its ledger and browser.
beforeAll(async () => {
  await buildNextExample();
});

defineDemoPageSuite({
  title: "Next example demo page in chromium",
  name: "next",
  meRoutePath: "/api/auth/me",
  // As `npm run example:next` runs it for a demo: no APP_DOMAIN given, so the launcher's
  // loopback hosts are the expected domains (the page is served from 127.0.0.1).
  start: (ledgerUrl) => {
    const prepared = prepareLaunchEnvironment({ APP_DOMAIN: undefined });
    if ("problem" in prepared) throw new Error(prepared.problem);
    return startNextExample({ env: { XRPL_NODE_URL: ledgerUrl, APP_DOMAIN: prepared.env.APP_DOMAIN } });
  },
});
