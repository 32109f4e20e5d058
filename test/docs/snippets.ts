// Type-checks the TypeScript code blocks of the documentation against the library's sources, so a
// renamed option or a changed signature fails the tests instead of rotting in a guide.
//
// Every ```ts or ```tsx block of README.md, CONTRIBUTING.md and docs/**/*.md is checked, each as a
// module of its own, with the project's compiler settings and `sign-in-with-xrpl` (and its
// subpath entries) mapped to src/. Two markers, both invisible on a rendered page:
//
// - an HTML comment `<!-- snippet-context ... -->` right before a block: its text is compiled in
//   front of the block, for the names a fragment uses without declaring them (`declare const
//   request: Request;`). Errors inside it are reported on the comment's lines.
// - ```ts no-check: the block is not compiled. Use it sparingly, for pseudo-code or for code in
//   another package's terms that this repository cannot install.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

export interface Snippet {
  /** Path of the markdown file, relative to the repository root. */
  file: string;
  /** 1-based line of the first code line of the block in the markdown file. */
  line: number;
  language: "ts" | "tsx";
  code: string;
  /** Text of a `snippet-context` comment, and the 1-based line of its first line. */
  context?: { text: string; line: number };
  noCheck: boolean;
}

export interface SnippetProblem {
  /** `docs/guide.md:12:5` */
  where: string;
  message: string;
}

const FENCE = /^```(ts|tsx|typescript)((?:[ \t]+[\w-]+)*)[ \t]*$/;
const CONTEXT_OPEN = "<!-- snippet-context";

/** The markdown files whose code blocks are checked: README, CONTRIBUTING and everything under docs/. */
export function documentationFiles(root: string): string[] {
  const files = ["README.md", "CONTRIBUTING.md"].filter((name) => isFile(join(root, name)));
  const walk = (folder: string): void => {
    for (const name of readdirSync(join(root, folder)).sort()) {
      const path = join(folder, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith(".md")) files.push(path);
    }
  };
  if (existsFolder(join(root, "docs"))) walk("docs");
  return files;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function existsFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The TypeScript blocks of one markdown text. `file` only labels them. */
export function extractSnippets(file: string, markdown: string): Snippet[] {
  const lines = markdown.split("\n");
  const snippets: Snippet[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    const fence = /^(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence === null) {
      index += 1;
      continue;
    }
    const close = fence[1]!;
    const end = lines.findIndex((candidate, at) => at > index && candidate.startsWith(close) && candidate.trim() === close);
    if (end === -1) throw new Error(`${file}:${index + 1}: a code block is never closed`);
    const header = FENCE.exec(line);
    if (header !== null && close === "```") {
      const flags = header[2]!.trim().split(/\s+/).filter(Boolean);
      const unknown = flags.filter((flag) => flag !== "no-check");
      if (unknown.length > 0)
        throw new Error(`${file}:${index + 1}: unknown code block flag(s) ${unknown.join(", ")}; the only one is no-check`);
      const context = contextBefore(lines, index);
      snippets.push({
        file,
        line: index + 2,
        language: header[1] === "tsx" ? "tsx" : "ts",
        code: lines.slice(index + 1, end).join("\n"),
        ...(context === undefined ? {} : { context }),
        noCheck: flags.includes("no-check"),
      });
    }
    index = end + 1;
  }
  return snippets;
}

/** A `<!-- snippet-context ... -->` comment ending right before the fence (blank lines allowed). */
function contextBefore(lines: string[], fenceIndex: number): Snippet["context"] {
  let at = fenceIndex - 1;
  while (at >= 0 && lines[at]!.trim() === "") at -= 1;
  if (at < 0 || !lines[at]!.trimEnd().endsWith("-->")) return undefined;
  let open = at;
  while (open >= 0 && !lines[open]!.includes("<!--")) open -= 1;
  if (open < 0 || !lines[open]!.trimStart().startsWith(CONTEXT_OPEN)) return undefined;
  const text = lines
    .slice(open, at + 1)
    .join("\n")
    .replace(/^\s*<!-- snippet-context/, "")
    .replace(/-->\s*$/, "");
  // The comment's first line holds only the marker, so its text starts on the line after.
  return { text: text.replace(/^[ \t]*\n/, ""), line: open + 2 };
}

interface VirtualFile {
  snippet: Snippet;
  /** Lines of compiled text before the block's first line. */
  prefixLines: number;
}

/**
 * Compiles every snippet that is not `no-check` in one program and answers each diagnostic with
 * the markdown file, line and column it comes from.
 */
export function checkSnippets(root: string, snippets: readonly Snippet[]): SnippetProblem[] {
  const base = readCompilerOptions(root);
  const options: ts.CompilerOptions = {
    ...base,
    noEmit: true,
    declaration: false,
    // Snippets are compiled as a user's strict app would compile them: unused names are fine,
    // and the project's extra-strict flags (which most apps do not set) are left out.
    noUnusedLocals: false,
    noUnusedParameters: false,
    exactOptionalPropertyTypes: false,
    noUncheckedIndexedAccess: false,
    // Resolved as an app's bundler (Next, Vite, esbuild) resolves imports.
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    types: ["node"],
    baseUrl: root,
    paths: {
      "sign-in-with-xrpl": ["src/index.ts"],
      "sign-in-with-xrpl/client": ["src/client/index.ts"],
      "sign-in-with-xrpl/fetch": ["src/fetch/index.ts"],
      "sign-in-with-xrpl/redis": ["src/redis/index.ts"],
      "sign-in-with-xrpl/postgres": ["src/postgres/index.ts"],
      "sign-in-with-xrpl/testing": ["src/testing/index.ts"],
      "sign-in-with-xrpl/authjs": ["src/authjs/index.ts"],
      "sign-in-with-xrpl/better-auth": ["src/better-auth/index.ts"],
      "sign-in-with-xrpl/better-auth/client": ["src/better-auth/client.ts"],
      "sign-in-with-xrpl/cloudflare": ["src/cloudflare/index.ts"],
      "sign-in-with-xrpl/deno-kv": ["src/deno-kv/index.ts"],
      "sign-in-with-xrpl/xaman": ["src/xaman/index.ts"],
      "sign-in-with-xrpl/oidc": ["src/oidc/index.ts"],
      "sign-in-with-xrpl/fastify": ["src/fastify/index.ts"],
      "sign-in-with-xrpl/koa": ["src/koa/index.ts"],
      "sign-in-with-xrpl/express": ["src/express/index.ts"],
      "sign-in-with-xrpl/hono": ["src/hono/index.ts"],
    },
  };
  delete options.rootDir;
  delete options.outDir;

  const folder = join(root, "test-artifacts", "doc-snippets");
  const files = new Map<string, VirtualFile>();
  snippets.forEach((snippet, number) => {
    if (snippet.noCheck) return;
    const name = join(folder, `${snippet.file.replace(/[^\w.-]+/g, "_")}.${snippet.line}.${number}.${snippet.language}`);
    files.set(name, { snippet, prefixLines: 0 });
  });
  const texts = new Map<string, string>();
  for (const [name, file] of files) {
    const context = file.snippet.context?.text ?? "";
    const prefix = context === "" ? "" : `${context}\n`;
    file.prefixLines = prefix === "" ? 0 : prefix.split("\n").length - 1;
    // `export {}` makes every block a module, so blocks never see each other's names.
    texts.set(name, `${prefix}${file.snippet.code}\nexport {};\n`);
  }

  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => texts.get(resolve(name)) ?? readFile(name);
  host.fileExists = (name) => texts.has(resolve(name)) || fileExists(name);
  host.getSourceFile = (name, language, onError, create) => {
    const text = texts.get(resolve(name));
    return text !== undefined ? ts.createSourceFile(name, text, language, true) : getSourceFile(name, language, onError, create);
  };
  host.directoryExists = (name) => resolve(name) === folder || resolve(name).startsWith(`${folder}/`) || ts.sys.directoryExists(name);

  const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
  const problems: SnippetProblem[] = [];
  for (const [name, file] of files) {
    const source = program.getSourceFile(name);
    if (source === undefined) throw new Error(`the compiler did not load ${name}`);
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    for (const diagnostic of diagnostics) {
      const { line, character } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const markdownLine = line < file.prefixLines ? file.snippet.context!.line + line : file.snippet.line + (line - file.prefixLines);
      problems.push({
        where: `${file.snippet.file}:${markdownLine}:${character + 1}`,
        message: `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`,
      });
    }
  }
  return problems;
}

function readCompilerOptions(root: string): ts.CompilerOptions {
  const path = join(root, "tsconfig.json");
  const { config, error } = ts.readConfigFile(path, ts.sys.readFile);
  if (error !== undefined) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(path));
  return parsed.options;
}

/** Every snippet of the documentation files under `root`. */
export function documentationSnippets(root: string): Snippet[] {
  return documentationFiles(root).flatMap((file) =>
    extractSnippets(relative(root, join(root, file)), readFileSync(join(root, file), "utf8")),
  );
}
