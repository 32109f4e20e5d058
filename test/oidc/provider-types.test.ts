/**
 * For TypeScript users with oidc-provider's published types (@types/oidc-provider): the
 * configuration `createXrplOidc` builds is an oidc-provider `Configuration`, and a `Provider`
 * is what `routes` takes. `npm run typecheck` compiles this file; the test runs it too.
 */
import Provider, { type Configuration } from "oidc-provider";
import { expect, it } from "vitest";
import { createVerifier } from "../../src/index.js";
import { createXrplOidc, type OidcProviderLike } from "../../src/oidc/index.js";

it("types: the configuration is an oidc-provider Configuration, and a Provider fits routes()", async () => {
  const verifier = createVerifier({ nodeUrl: "ws://127.0.0.1:9" });
  const xrpl = createXrplOidc({
    issuer: "http://localhost:3000",
    verifier,
    production: false,
  });
  const configuration: Configuration = xrpl.configuration;
  const provider = new Provider(xrpl.issuer, configuration);
  const routesOf: (provider: OidcProviderLike) => unknown = xrpl.routes;
  expect(typeof routesOf(provider)).toBe("function");
  expect(provider.issuer).toBe("http://localhost:3000");
  await verifier.close();
});
