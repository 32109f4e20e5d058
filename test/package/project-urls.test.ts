// `repository`, `homepage` and `bugs` are filled the day the project has a public URL, all three
// together (see the decision on the package's documentation). Until then the README and the
// guides must not send anyone to a repository page or a documentation site that does not exist:
// every URL named after the package (a repository on any host, a documentation site) in the
// shipped text must lie under one of those three fields. The package's own page on the npm
// registry is always fine, and so are other projects' pages.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { packedFiles } from "../support/packed-files.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PROJECT_FIELDS = ["repository", "homepage", "bugs"] as const;

/** URLs that promise a home for the project: any host or path named after it. */
function promisingUrls(text: string, packageName: string): string[] {
  const urls = (text.match(/https?:\/\/[^\s)<>"'`\]]+/gu) ?? []).map((url) => url.replace(/[.,;:]+$/u, ""));
  const registryPage = new RegExp(`^https://(?:www\\.)?npmjs\\.com/package/${packageName}(?:[/?#]|$)`, "u");
  return urls.filter((url) => url.toLowerCase().includes(packageName) && !registryPage.test(url));
}

/** The web address of a `repository` field (`git+https://host/owner/name.git` -> `https://host/owner/name`). */
function repositoryWebUrl(repository: unknown): string | undefined {
  const url = typeof repository === "string" ? repository : (repository as { url?: unknown } | undefined)?.url;
  return typeof url === "string" ? url.replace(/^git\+/u, "").replace(/\.git$/u, "") : undefined;
}

/** What is wrong with the project URLs of `manifest` given the shipped `texts` (file name -> text). */
export function projectUrlProblems(manifest: Record<string, unknown>, texts: Record<string, string>): string[] {
  const name = manifest["name"] as string;
  const present = PROJECT_FIELDS.filter((field) => manifest[field] !== undefined);
  const problems: string[] = [];
  if (present.length > 0 && present.length < PROJECT_FIELDS.length) {
    const missing = PROJECT_FIELDS.filter((field) => !present.includes(field));
    problems.push(`package.json fills ${present.join(", ")} but not ${missing.join(", ")}: fill all three the day there is a public URL`);
  }
  const known: string[] = [];
  if (present.length === PROJECT_FIELDS.length) {
    const repository = manifest["repository"] as { type?: unknown; url?: unknown };
    const web = repositoryWebUrl(repository);
    if (repository.type !== "git" || typeof repository.url !== "string" || !/^git\+https:\/\/.+\.git$/u.test(repository.url))
      problems.push('repository must be { "type": "git", "url": "git+https://<host>/<owner>/<name>.git" }');
    const homepage = manifest["homepage"];
    if (typeof homepage !== "string" || !homepage.startsWith("https://")) problems.push("homepage must be an https:// URL");
    const bugs = (manifest["bugs"] as { url?: unknown }).url;
    if (typeof bugs !== "string" || !bugs.startsWith("https://")) problems.push('bugs must be { "url": "https://..." }');
    for (const url of [web, homepage, bugs]) if (typeof url === "string") known.push(url);
    const readme = texts["README.md"] ?? "";
    if (!known.some((url) => readme.includes(url))) problems.push("README.md links neither the repository nor the homepage");
  }
  for (const [file, text] of Object.entries(texts)) {
    for (const url of promisingUrls(text, name)) {
      if (!known.some((prefix) => url.startsWith(prefix)))
        problems.push(
          known.length === 0
            ? `${file}: ${url}: package.json has no repository or homepage yet, so no shipped text may send readers there`
            : `${file}: ${url} is not under ${known.join(" or ")}`,
        );
    }
  }
  return problems;
}

let texts: Record<string, string>;
beforeAll(async () => {
  const markdown = (await packedFiles(ROOT)).files.map((file) => file.path).filter((path) => path.endsWith(".md"));
  texts = Object.fromEntries(markdown.map((file) => [file, readFileSync(join(ROOT, file), "utf8")]));
});

describe("project URLs", () => {
  it("package.json and the shipped text agree on where the project lives", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Record<string, unknown>;
    expect(Object.keys(texts)).toContain("README.md");
    expect(projectUrlProblems(manifest, texts)).toEqual([]);
  });

  it("the check refuses a promised URL that package.json does not have, and half-filled fields", () => {
    const texts = {
      "README.md":
        "Clone https://github.com/someone/sign-in-with-xrpl and read https://sign-in-with-xrpl.dev/guide. On npm: https://www.npmjs.com/package/sign-in-with-xrpl.",
      "docs/hono.md": "See https://hono.dev and https://github.com/honojs/hono.",
    };
    expect(projectUrlProblems({ name: "sign-in-with-xrpl" }, texts)).toEqual([
      "README.md: https://github.com/someone/sign-in-with-xrpl: package.json has no repository or homepage yet, so no shipped text may send readers there",
      "README.md: https://sign-in-with-xrpl.dev/guide: package.json has no repository or homepage yet, so no shipped text may send readers there",
    ]);
    expect(projectUrlProblems({ name: "sign-in-with-xrpl", homepage: "https://sign-in-with-xrpl.dev" }, {})).toEqual([
      "package.json fills homepage but not repository, bugs: fill all three the day there is a public URL",
    ]);
  });

  it("the check accepts the three fields filled together and text under them", () => {
    const manifest = {
      name: "sign-in-with-xrpl",
      repository: { type: "git", url: "git+https://github.com/someone/sign-in-with-xrpl.git" },
      homepage: "https://sign-in-with-xrpl.dev",
      bugs: { url: "https://github.com/someone/sign-in-with-xrpl/issues" },
    };
    const texts = { "README.md": "Source: https://github.com/someone/sign-in-with-xrpl; docs: https://sign-in-with-xrpl.dev/guide" };
    expect(projectUrlProblems(manifest, texts)).toEqual([]);
    expect(projectUrlProblems({ ...manifest, repository: "someone/sign-in-with-xrpl" }, texts)).toContain(
      'repository must be { "type": "git", "url": "git+https://<host>/<owner>/<name>.git" }',
    );
  });
});
