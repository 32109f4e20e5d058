/**
 * Cloudflare workerd (through Miniflare, no `nodejs_compat`): the runtime app as a Worker's
 * `fetch`. Settings are bindings, so the app is built on the first request, as a Worker reads
 * `env` only there.
 *
 * A Worker may not use a socket opened while serving another request, so the verifier's ledger
 * connection cannot be shared across requests: here each verify gets its own verifier, closed
 * when it answers (every proof whose signature holds asks the ledger, a master key whether the
 * account has disabled it).
 */
import { createVerifier, type CheckResult, type Verifier, type VerifyRequest } from "../../../src/index.js";
import { createRuntimeApp, type RuntimeApp } from "../app.js";
import { readSettings } from "./settings.js";

let app: RuntimeApp | undefined;

function verifierPerRequest(nodeUrl: string): Verifier {
  const check = async (request: VerifyRequest): Promise<CheckResult> => {
    const verifier = createVerifier({ nodeUrl });
    try {
      return await verifier.check(request);
    } finally {
      await verifier.close();
    }
  };
  return { check, verify: async (request) => (await check(request)).ok, async close() {} };
}

export default {
  fetch(request: Request, env: Record<string, string | undefined>): Promise<Response> {
    if (app === undefined) {
      const settings = readSettings(env, "workerd");
      app = createRuntimeApp({ ...settings, verifier: verifierPerRequest(settings.nodeUrl) });
    }
    return app.fetch(request);
  },
};
