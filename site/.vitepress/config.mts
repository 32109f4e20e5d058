// The documentation site: the guides of docs/ as they ship in the package, and the TypeDoc API
// reference under /api/ (`npm run docs` builds both into docs-site/, then checks every link).
// The sidebar is read from docs/README.md (the guides in reading order) and docs/decisions/, so a
// new guide or decision needs no change here.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type DefaultTheme } from "vitepress";
import { githubSlug } from "../../scripts/doc-links.mjs";

const DOCS = fileURLToPath(new URL("../../docs/", import.meta.url));

/** `## Section` headings of docs/README.md with the guides they link, in order. */
function guideSidebar(): DefaultTheme.SidebarItem[] {
  const groups: DefaultTheme.SidebarItem[] = [];
  for (const line of readFileSync(`${DOCS}README.md`, "utf8").split("\n")) {
    const heading = /^## (.+)$/u.exec(line);
    if (heading?.[1] !== undefined) {
      if (heading[1] === "Design decisions") break;
      groups.push({ text: heading[1], items: [] });
      continue;
    }
    for (const link of line.matchAll(/\[([^\]]+)\]\(([\w-]+)\.md\)/gu)) {
      groups.at(-1)?.items?.push({ text: link[1]!, link: `/${link[2]!}` });
    }
  }
  return groups;
}

/** Every decision record, titled by its first heading. */
function decisionSidebar(): DefaultTheme.SidebarItem {
  const items = readdirSync(`${DOCS}decisions`)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => {
      const title = /^# (.+)$/mu.exec(readFileSync(`${DOCS}decisions/${file}`, "utf8"))?.[1] ?? file;
      return { text: title, link: `/decisions/${file.slice(0, -3)}` };
    });
  return { text: "Design decisions", collapsed: true, items };
}

export default defineConfig({
  title: "sign-in-with-xrpl",
  description: "Sign users into web backends by proof of control of an XRP Ledger account.",
  srcDir: "../docs",
  outDir: "../docs-site",
  cacheDir: "./.vitepress/cache",
  srcExclude: ["snippets/**"],
  // docs/README.md is the guides' index in the package; on the site it is the home page.
  rewrites: { "README.md": "index.md" },
  lastUpdated: false,
  markdown: {
    // Anchors as GitHub and the package registry make them, so `guide.md#a-heading` works in the
    // repository, in node_modules and on this site alike.
    anchor: { slugify: githubSlug },
    config(md) {
      // A guide links the index as README.md (the file users have); here that page is index.html.
      md.core.ruler.push("readme-is-the-index", (state) => {
        for (const block of state.tokens) {
          for (const token of block.children ?? []) {
            const href = token.type === "link_open" ? token.attrGet("href") : null;
            if (href !== null && /^(?:\.\/|(?:\.\.\/)+)?README\.md(?:#|$)/u.test(href)) {
              token.attrSet("href", href.replace("README.md", "index.md"));
            }
          }
        }
      });
    },
  },
  themeConfig: {
    nav: [
      { text: "Guides", link: "/getting-started" },
      // TypeDoc's pages are not VitePress pages: load them as plain HTML.
      { text: "API reference", link: "/api/index.html", target: "_self" },
    ],
    sidebar: [...guideSidebar(), decisionSidebar()],
    outline: [2, 3],
    search: { provider: "local" },
  },
});
