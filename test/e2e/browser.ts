/**
 * Debian's chromium, driven by playwright-core, for the browser tests. No browser is ever
 * downloaded: the tests use `/usr/bin/chromium` (`apt-get install -y chromium`) and fail, with
 * a message saying how to install it, when it is missing (in CI and locally alike: a browser
 * test that silently skips proves nothing).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Folder (gitignored) where the browser tests leave their screenshots. */
export const ARTIFACTS_DIR = fileURLToPath(new URL("../../test-artifacts/", import.meta.url));

// Without the networking switches chromium keeps calling home, and this machine's closed network
// refuses it many times a second; the others keep the run quiet and deterministic.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-quic",
  "--no-first-run",
  "--disable-sync",
];

/** Throws a clear, actionable error when chromium is not installed. */
export function assertChromiumInstalled(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests need Debian's chromium at ${CHROMIUM_PATH}, which is missing. ` +
        "Install it with `apt-get install -y chromium` (never a downloaded browser), then run `npm run test:e2e` again.",
    );
  }
}

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Starts chromium headless with a fresh, empty user data folder (removed by `close`). */
export async function launchBrowser(): Promise<TestBrowser> {
  assertChromiumInstalled();
  const userDataDir = mkdtempSync(join(tmpdir(), "siwx-e2e-chromium-"));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1100, height: 1300 },
    });
    return {
      context,
      async close() {
        await context.close();
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
}

/** What `collectPageErrors` gathers, and the failed requests a test step expects. */
export interface PageErrorLog {
  readonly errors: string[];
  /** Until the returned function is called, a console "Failed to load resource" for `path` with `status` is expected. */
  expectFailedRequest(path: string, status: number): () => void;
}

/**
 * The page's uncaught exceptions and console errors, collected for a final "none" assertion.
 *
 * Chromium logs every non-2xx fetch as a console error ("Failed to load resource: the server
 * responded with a status of 401"). The me route answers 401 `Not authenticated.` by contract
 * whenever nobody is signed in, and the page asks it on load and after every action,
 * so that one is always expected; a step that provokes another refusal on purpose declares it
 * with `expectFailedRequest`. Any other status, route or error is kept.
 */
export function collectPageErrors(page: Page, meRoutePath: string): PageErrorLog {
  const errors: string[] = [];
  const expected = new Set<string>([`${meRoutePath} ${401}`]);
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() !== "error") return;
    const failed = failedRequest(message);
    if (failed !== undefined && expected.has(failed)) return;
    const where = message.location().url;
    errors.push(`console.error: ${message.text()}${where ? ` (${where})` : ""}`);
  });
  return {
    errors,
    expectFailedRequest(path, status) {
      const key = `${path} ${status}`;
      expected.add(key);
      return () => expected.delete(key);
    },
  };
}

/** `"<path> <status>"` of a "Failed to load resource" console message, else undefined. */
function failedRequest(message: ConsoleMessage): string | undefined {
  const match = /^Failed to load resource: the server responded with a status of (\d{3})\b/.exec(message.text());
  if (match === null) return undefined;
  try {
    return `${new URL(message.location().url).pathname} ${match[1]}`;
  } catch {
    return undefined;
  }
}
