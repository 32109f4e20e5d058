// Link checks for the documentation, in the three places people read it:
//
// - the markdown as shipped (README.md and docs/ in the repository, or in an unpacked tarball):
//   every relative link must name a file that is there, and every `#anchor` a heading of it
//   (anchors as GitHub and the package registry make them, see githubSlug);
// - the built site (`node scripts/doc-links.mjs site docs-site`, run by `npm run docs`): every
//   href and src of every page, the guides' and the TypeDoc reference's, must name a file of the
//   site, and every `#anchor` an id of the page it points to.
//
// Used by the documentation tests (test/docs/links.test.ts), the package install test and
// `npm run docs`. Links with a scheme (https:, mailto:) are not followed: nothing here is online.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

/** A link with a scheme (`https:`, `mailto:`) or protocol-relative: not a file of ours. */
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/iu;

/**
 * The anchor GitHub (and so the package registry) gives a heading: lower case, punctuation
 * removed except `-` and `_`, each space a `-`. Repeats get `-1`, `-2`... (see headingAnchors).
 */
export function githubSlug(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /gu, "-");
}

/** The text of a heading as rendered: inline code, links, emphasis and HTML reduced to their text. */
function headingText(source) {
  return source
    .replace(/\s+#+\s*$/u, "")
    .replace(/`([^`]*)`/gu, "$1")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/gu, "$1")
    .replace(/<[^>]+>/gu, "")
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/gu, "$2");
}

/** Lines of `markdown` outside fenced code blocks, with their 1-based numbers. */
function proseLines(markdown) {
  const lines = [];
  let fence;
  markdown.split("\n").forEach((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/u.exec(line)?.[1];
    if (fence === undefined && marker !== undefined) fence = marker;
    else if (
      fence !== undefined &&
      marker !== undefined &&
      marker[0] === fence[0] &&
      marker.length >= fence.length &&
      line.trim() === marker
    )
      fence = undefined;
    else if (fence === undefined) lines.push({ text: line, line: index + 1 });
  });
  return lines;
}

/** Every anchor a markdown file offers: its headings' slugs (repeats numbered) and `id`/`name` attributes. */
export function headingAnchors(markdown) {
  const anchors = new Set();
  const seen = new Map();
  for (const { text } of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.+)$/u.exec(text)?.[1];
    if (heading !== undefined) {
      const slug = githubSlug(headingText(heading));
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of text.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/gu)) anchors.add(match[1]);
  }
  return anchors;
}

/** Relative link targets of a markdown file (inline links, images, reference definitions, href/src), outside code. */
export function markdownLinks(markdown) {
  const links = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = text.replace(/(`+)[^`]*?\1/gu, (code) => " ".repeat(code.length));
    const targets = [
      ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/gu)].map((match) => match[1]),
      ...[...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gu)].map((match) => match[1]),
      ...[...prose.matchAll(/\s(?:href|src)="([^"]+)"/gu)].map((match) => match[1]),
    ];
    for (const target of targets) if (target !== undefined && !EXTERNAL.test(target)) links.push({ target, line });
  }
  return links;
}

/**
 * Checks the relative links of `files` (paths relative to `root`, forward slashes). `available`
 * is the set of files a link may name (for a tarball: what npm packs); by default, what is on disk.
 * Answers one line per broken link: `file:line: target: what is wrong`.
 */
export function checkMarkdownLinks(root, files, available) {
  const present = (path) => (available === undefined ? existsSync(join(root, path)) : available.has(path));
  const isFolder = (path) =>
    available === undefined
      ? existsSync(join(root, path)) && statSync(join(root, path)).isDirectory()
      : [...available].some((file) => file.startsWith(`${path}/`));
  const anchorCache = new Map();
  const anchorsOf = (path) => {
    if (!anchorCache.has(path)) anchorCache.set(path, headingAnchors(readFileSync(join(root, path), "utf8")));
    return anchorCache.get(path);
  };
  const problems = [];
  for (const file of files) {
    for (const { target, line } of markdownLinks(readFileSync(join(root, file), "utf8"))) {
      const [rawPath = "", rawAnchor] = target.split("#", 2);
      const path = decodeURIComponent(rawPath.split("?")[0] ?? "");
      const where = `${file}:${line}: ${target}`;
      let resolved = file;
      if (path !== "") {
        const absolute = normalize(join(dirname(file), path))
          .split(sep)
          .join("/")
          .replace(/\/$/u, "");
        if (absolute.startsWith("../") || absolute === "..") {
          problems.push(`${where}: points outside the package`);
          continue;
        }
        if (!present(absolute) && !isFolder(absolute)) {
          problems.push(`${where}: no such file${available === undefined ? "" : " in the package"}`);
          continue;
        }
        resolved = absolute;
      }
      if (rawAnchor !== undefined && rawAnchor !== "" && resolved.endsWith(".md")) {
        const anchor = decodeURIComponent(rawAnchor);
        if (!anchorsOf(resolved).has(anchor)) problems.push(`${where}: no heading #${anchor} in ${resolved}`);
      }
    }
  }
  return problems;
}

/** Every file under `folder`, relative to it, with forward slashes. */
export function filesUnder(folder) {
  const files = [];
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(relative(folder, full).split(sep).join("/"));
    }
  };
  walk(folder);
  return files.sort();
}

/** The ids (and `name`s) of an HTML page, for its anchors. */
function htmlIds(html) {
  return new Set([...html.matchAll(/\s(?:id|name)="([^"]+)"/gu)].map((match) => match[1]));
}

/**
 * Checks every local href and src of every page of a built site: the file must exist (a folder
 * means its index.html), and an `#anchor` must be an id of the page named. Answers one line per
 * broken link: `page: target: what is wrong`.
 */
export function checkSiteLinks(siteDir) {
  const root = resolve(siteDir);
  const pages = filesUnder(root).filter((file) => file.endsWith(".html"));
  const idCache = new Map();
  const idsOf = (file) => {
    if (!idCache.has(file)) idCache.set(file, htmlIds(readFileSync(file, "utf8")));
    return idCache.get(file);
  };
  const problems = [];
  for (const page of pages) {
    const pageFile = join(root, page);
    const html = readFileSync(pageFile, "utf8");
    const targets = new Set([...html.matchAll(/\s(?:href|src)="([^"]*)"/gu)].map((match) => match[1].replace(/&amp;/gu, "&")));
    for (const target of targets) {
      if (target === "" || EXTERNAL.test(target) || target.startsWith("data:")) continue;
      const [rawPath = "", rawAnchor] = target.split("#", 2);
      const path = decodeURIComponent(rawPath.split("?")[0] ?? "");
      let file = path === "" ? pageFile : path.startsWith("/") ? join(root, path) : resolve(dirname(pageFile), path);
      if (!file.startsWith(root)) {
        problems.push(`${page}: ${target}: points outside the site`);
        continue;
      }
      if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
      else if (!existsSync(file) && existsSync(`${file}.html`)) file = `${file}.html`;
      if (!existsSync(file)) {
        problems.push(`${page}: ${target}: no such file in the site`);
        continue;
      }
      if (rawAnchor !== undefined && rawAnchor !== "" && file.endsWith(".html")) {
        if (!idsOf(file).has(decodeURIComponent(rawAnchor)))
          problems.push(`${page}: ${target}: no id "${rawAnchor}" in ${relative(root, file)}`);
      }
    }
  }
  return { pages: pages.length, problems };
}

const invoked = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invoked) {
  const [command, folder] = process.argv.slice(2);
  if (command !== "site" || folder === undefined) {
    console.error("usage: node scripts/doc-links.mjs site <built site folder>");
    process.exitCode = 2;
  } else {
    const { pages, problems } = checkSiteLinks(folder);
    if (pages === 0) {
      console.error(`doc-links: no page in ${folder}: build the site first`);
      process.exitCode = 1;
    } else if (problems.length > 0) {
      console.error(`doc-links: ${problems.length} broken link(s) in ${folder}:\n${problems.join("\n")}`);
      process.exitCode = 1;
    } else console.log(`doc-links: every link of ${pages} pages in ${folder} resolves`);
  }
}
