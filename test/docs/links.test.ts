// Every relative link of the documentation leads somewhere, in the repository and in the package
// users install: README.md and docs/ ship in the tarball, so a link from them to a file npm does
// not pack (CONTRIBUTING.md, docs/snippets/, src/) is dead for every user. Anchors are checked
// too, as GitHub and the package registry make them. The built site's links are checked by
// `npm run docs` with the same module (scripts/doc-links.mjs); its checker is tested here.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkMarkdownLinks, checkSiteLinks, githubSlug, headingAnchors, markdownLinks } from "../../scripts/doc-links.mjs";
import { packedFiles } from "../support/packed-files.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

let packed: Set<string>;
let packedMarkdown: string[];
beforeAll(async () => {
  packed = new Set((await packedFiles(ROOT)).files.map((file) => file.path));
  packedMarkdown = [...packed].filter((file) => file.endsWith(".md")).sort();
});

describe("the documentation's links", () => {
  it("the package ships README.md and the guides, but not the snippets' compiler set-up", () => {
    expect(packedMarkdown).toContain("README.md");
    expect(packedMarkdown).toContain("docs/README.md");
    expect(packedMarkdown).toContain("docs/getting-started.md");
    expect(packedMarkdown.some((file) => file.startsWith("docs/decisions/"))).toBe(true);
    expect([...packed].filter((file) => file.startsWith("docs/snippets/"))).toEqual([]);
  });

  it("every relative link of the shipped markdown names a file of the package, and every anchor a heading", () => {
    expect(checkMarkdownLinks(ROOT, packedMarkdown, packed)).toEqual([]);
  });

  it("every relative link of README.md, CONTRIBUTING.md and docs/ resolves in the repository", () => {
    const files = [...new Set([...packedMarkdown, "CONTRIBUTING.md"])];
    expect(checkMarkdownLinks(ROOT, files)).toEqual([]);
  });

  it("the README says where the guides are once the package is installed", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain("node_modules/sign-in-with-xrpl/docs/");
  });
});

describe("the link checker", () => {
  let folder: string;
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  };
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), "siwx-links-"));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("makes anchors as GitHub does: punctuation dropped, spaces to hyphens, repeats numbered", () => {
    expect(githubSlug("Production checklist")).toBe("production-checklist");
    expect(githubSlug("client-size: what a page ships")).toBe("client-size-what-a-page-ships");
    expect(githubSlug("Replay a failed sign-in: sign-in-with-xrpl explain")).toBe("replay-a-failed-sign-in-sign-in-with-xrpl-explain");
    expect(githubSlug("Worker size (a Cloudflare Worker)")).toBe("worker-size-a-cloudflare-worker");
    expect(githubSlug("A — B")).toBe("a--b");
    expect([...headingAnchors("# Title\n## `createVerifier(options)`\n## Notes\n```md\n## Not a heading\n```\n## Notes\n")]).toEqual([
      "title",
      "createverifieroptions",
      "notes",
      "notes-1",
    ]);
  });

  it("reads links outside code only, and skips those with a scheme", () => {
    const text = [
      'See [a](a.md), [b](b.md#part "title") and ![img](img/x.png).',
      "`[not](code.md)` and https://example.com and [web](https://example.com/x.md) [mail](mailto:x@example.com)",
      "```md",
      "[in a fence](fence.md)",
      "```",
      "[ref]: ref.md",
      '<a href="html.md">html</a>',
    ].join("\n");
    expect(markdownLinks(text)).toEqual([
      { target: "a.md", line: 1 },
      { target: "b.md#part", line: 1 },
      { target: "img/x.png", line: 1 },
      { target: "ref.md", line: 6 },
      { target: "html.md", line: 7 },
    ]);
  });

  it("fails on a missing file, a missing anchor, a file outside the package and a file not packed", () => {
    write(
      "README.md",
      "[ok](docs/guide.md#a-heading) [dead](docs/missing.md) [anchor](docs/guide.md#no-such)\n[out](../elsewhere.md) [local](#title)\n# Title\n",
    );
    write("docs/guide.md", "# Guide\n## A heading\n[back](../README.md#title) [unpacked](../CONTRIBUTING.md)\n");
    write("CONTRIBUTING.md", "# Contributing\n");
    expect(checkMarkdownLinks(folder, ["README.md", "docs/guide.md"])).toEqual([
      "README.md:1: docs/missing.md: no such file",
      "README.md:1: docs/guide.md#no-such: no heading #no-such in docs/guide.md",
      "README.md:2: ../elsewhere.md: points outside the package",
    ]);
    expect(checkMarkdownLinks(folder, ["README.md", "docs/guide.md"], new Set(["README.md", "docs/guide.md"]))).toEqual([
      "README.md:1: docs/missing.md: no such file in the package",
      "README.md:1: docs/guide.md#no-such: no heading #no-such in docs/guide.md",
      "README.md:2: ../elsewhere.md: points outside the package",
      "docs/guide.md:3: ../CONTRIBUTING.md: no such file in the package",
    ]);
  });

  it("checks a built site: files, folders as index.html, anchors as ids", () => {
    write(
      "site/index.html",
      '<a href="/guide.html#setup">g</a><a href="./api/">api</a><a href="missing.html">m</a><a href="guide.html#nope">n</a><img src="/logo.png">',
    );
    write("site/guide.html", '<h2 id="setup">Setup</h2><a href="https://example.com/">x</a><a href="#setup">self</a>');
    write("site/api/index.html", '<a href="../index.html">home</a><a href="../../outside.html">out</a>');
    const { pages, problems } = checkSiteLinks(join(folder, "site"));
    expect(pages).toBe(3);
    expect(problems).toEqual([
      "api/index.html: ../../outside.html: points outside the site",
      "index.html: missing.html: no such file in the site",
      'index.html: guide.html#nope: no id "nope" in guide.html',
      "index.html: /logo.png: no such file in the site",
    ]);
  });
});
