// Enforces the rules of the public surface with the TypeScript compiler API: every export
// documented with a description and an `@example`, no `any` in the public types, named exports
// only, entry/barrel files that only re-export, no `console` in src, and the documented names
// present in each entry point (users import them; removing one is a breaking change). Each failure lists every offender as `file:line  name  what
// to fix`. The checks run first on a small in-memory project seeded with one violation of each
// kind, so none of them can pass by finding nothing.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

interface Entry {
  /** The specifier users import, as in package.json `exports`. */
  specifier: string;
  /** Path from the project root. */
  file: string;
}

interface Project {
  root: string;
  program: ts.Program;
  checker: ts.TypeChecker;
  entries: readonly Entry[];
  /** Absolute paths of every `.ts` file under src/, reachable from an entry or not. */
  srcFiles: readonly string[];
}

interface PublicExport {
  name: string;
  specifiers: string[];
  /** The export with aliases resolved: the symbol that owns the declarations. */
  symbol: ts.Symbol;
}

const ENTRIES: readonly Entry[] = [
  { specifier: "sign-in-with-xrpl", file: "src/index.ts" },
  { specifier: "sign-in-with-xrpl/client", file: "src/client/index.ts" },
  { specifier: "sign-in-with-xrpl/redis", file: "src/redis/index.ts" },
  { specifier: "sign-in-with-xrpl/postgres", file: "src/postgres/index.ts" },
  { specifier: "sign-in-with-xrpl/testing", file: "src/testing/index.ts" },
  { specifier: "sign-in-with-xrpl/fetch", file: "src/fetch/index.ts" },
  { specifier: "sign-in-with-xrpl/better-auth", file: "src/better-auth/index.ts" },
  { specifier: "sign-in-with-xrpl/better-auth/client", file: "src/better-auth/client.ts" },
  { specifier: "sign-in-with-xrpl/authjs", file: "src/authjs/index.ts" },
  { specifier: "sign-in-with-xrpl/oidc", file: "src/oidc/index.ts" },
  { specifier: "sign-in-with-xrpl/cloudflare", file: "src/cloudflare/index.ts" },
  { specifier: "sign-in-with-xrpl/deno-kv", file: "src/deno-kv/index.ts" },
  { specifier: "sign-in-with-xrpl/xaman", file: "src/xaman/index.ts" },
];

// The names each entry point promises its users (names beyond these are allowed): removing or
// moving one breaks the apps that import it.
const DOCUMENTED_NAMES: Record<string, { functions?: string[]; classes?: string[]; types?: string[] }> = {
  "sign-in-with-xrpl": {
    functions: [
      "createMessage",
      "parseMessage",
      "validateMessage",
      "generateNonce",
      "createVerifier",
      "compactSignature",
      "signedTransaction",
      "createAuthHandlers",
      "expressSessionStore",
      "ironSessionStore",
      "createMemoryNonceStore",
      "signatureBackends",
    ],
    classes: ["SignInError", "MessageFormatError", "LedgerUnavailableError"],
    types: [
      "SignInMessageFields",
      "SignInMessage",
      "ValidateOptions",
      "ValidationResult",
      "VerifyRequest",
      "Verifier",
      "VerificationStrategy",
      "SessionRecord",
      "SessionStore",
      "NonceStore",
      "AuthHandlers",
      "HandlerResult",
    ],
  },
  "sign-in-with-xrpl/client": {
    functions: [
      "createAuthController",
      "createHttpAdapter",
      "buildSignInTransaction",
      "createDevWallet",
      "createMessage",
      "createGemWallet",
      "createCrossmarkWallet",
      "fromWalletKitAdapter",
      "createXamanWallet",
      "detectWallets",
    ],
    types: ["Wallet", "WalletProof", "WalletKitAdapter", "DetectedWallet", "XamanSignRequest", "WalletFailureReason"],
  },
  "sign-in-with-xrpl/redis": { functions: ["createRedisNonceStore"] },
  "sign-in-with-xrpl/postgres": { functions: ["createPostgresNonceStore", "postgresNonceStoreMigration"] },
  "sign-in-with-xrpl/testing": { functions: ["createTestClient", "createMockLedger"], types: ["MockLedger", "MockLedgerAccount"] },
  "sign-in-with-xrpl/fetch": { functions: ["createFetchHandler"] },
  "sign-in-with-xrpl/better-auth": { functions: ["xrpl"], types: ["XrplPluginOptions"] },
  "sign-in-with-xrpl/better-auth/client": { functions: ["xrplClient"] },
  "sign-in-with-xrpl/authjs": {
    functions: ["XrplProvider"],
    classes: ["XrplSignInError"],
    types: ["XrplProviderOptions", "XrplCredentialsProvider", "XrplCredentialInputs", "XrplSignInCode"],
  },
  "sign-in-with-xrpl/oidc": {
    functions: ["createXrplOidc", "createRedisAdapter"],
    types: [
      "XrplOidc",
      "XrplOidcOptions",
      "XrplOidcConfiguration",
      "OidcClientMetadata",
      "OidcSignInRequest",
      "XrplProofClaim",
      "OidcJwks",
    ],
  },
  "sign-in-with-xrpl/cloudflare": {
    functions: ["createDurableObjectNonceStore"],
    classes: ["NonceStoreObject"],
    types: ["DurableObjectNonceStoreOptions", "NonceStoreNamespace"],
  },
  "sign-in-with-xrpl/deno-kv": { functions: ["createDenoKvNonceStore"], types: ["DenoKvNonceStoreOptions", "DenoKvDatabase"] },
  "sign-in-with-xrpl/xaman": { functions: ["createXamanSignIn"], types: ["XamanSignIn", "XamanSignInOptions"] },
};

// ---------------------------------------------------------------------------------------------
// Loading

function compilerOptions(root: string): ts.CompilerOptions {
  const configPath = `${root}/tsconfig.json`;
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  if (config.error !== undefined) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root, undefined, configPath);
  if (parsed.errors.length > 0) {
    throw new Error(parsed.errors.map((error) => ts.flattenDiagnosticMessageText(error.messageText, "\n")).join("\n"));
  }
  return parsed.options;
}

function loadRepository(): Project {
  const root = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");
  const program = ts.createProgram({
    rootNames: ENTRIES.map((entry) => `${root}/${entry.file}`),
    options: compilerOptions(root),
  });
  const srcFiles = ts.sys.readDirectory(`${root}/src`, [".ts", ".tsx", ".mts", ".cts"]).filter((file) => !file.endsWith(".d.ts"));
  return { root, program, checker: program.getTypeChecker(), entries: ENTRIES, srcFiles };
}

/** A project held in memory (paths relative to its root), compiled with the repository's options. */
function loadVirtual(files: Record<string, string>, entries: readonly Entry[]): Project {
  const root = "/virtual-project";
  const contents = new Map(Object.entries(files).map(([path, text]) => [`${root}/${path}`, text]));
  contents.set(`${root}/package.json`, JSON.stringify({ type: "module" }));
  const options: ts.CompilerOptions = {
    ...compilerOptions(fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "")),
    rootDir: `${root}/src`,
    types: [],
    noEmit: true,
  };
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile, directoryExists } = host;
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const text = contents.get(fileName);
    return text === undefined
      ? getSourceFile(fileName, languageVersion, ...rest)
      : ts.createSourceFile(fileName, text, languageVersion, true);
  };
  host.fileExists = (fileName) => contents.has(fileName) || fileExists(fileName);
  host.readFile = (fileName) => contents.get(fileName) ?? readFile(fileName);
  host.directoryExists = (directory) =>
    [...contents.keys()].some((file) => file.startsWith(`${directory}/`)) || (directoryExists?.(directory) ?? false);
  const srcFiles = [...contents.keys()].filter((file) => file.startsWith(`${root}/src/`));
  const program = ts.createProgram({ rootNames: srcFiles, options, host });
  return { root, program, checker: program.getTypeChecker(), entries, srcFiles };
}

function sourceFile(project: Project, file: string): ts.SourceFile {
  return project.program.getSourceFile(file) ?? ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
}

function where(project: Project, node: ts.Node): string {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
  return `${relative(project.root, file.fileName)}:${line + 1}`;
}

function isInSrc(project: Project, node: ts.Node): boolean {
  return node.getSourceFile().fileName.startsWith(`${project.root}/src/`);
}

/** Every symbol each entry exports, aliases resolved, merged across entries. */
function publicExports(project: Project): { exports: PublicExport[]; unresolved: string[] } {
  const bySymbol = new Map<ts.Symbol, PublicExport>();
  const unresolved: string[] = [];
  for (const entry of project.entries) {
    const file = project.program.getSourceFile(`${project.root}/${entry.file}`);
    const moduleSymbol = file === undefined ? undefined : project.checker.getSymbolAtLocation(file);
    if (file === undefined || moduleSymbol === undefined) {
      unresolved.push(`${entry.file}  (entry ${entry.specifier})  is missing or is not a module`);
      continue;
    }
    for (const exported of project.checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? project.checker.getAliasedSymbol(exported) : exported;
      if (symbol.declarations === undefined || symbol.declarations.length === 0) {
        unresolved.push(`${entry.file}  ${exported.name}  (entry ${entry.specifier})  resolves to no declaration`);
        continue;
      }
      const known = bySymbol.get(symbol);
      if (known === undefined) bySymbol.set(symbol, { name: exported.name, specifiers: [entry.specifier], symbol });
      else if (!known.specifiers.includes(entry.specifier)) known.specifiers.push(entry.specifier);
    }
  }
  return { exports: [...bySymbol.values()], unresolved };
}

function label(item: PublicExport): string {
  return `${item.name}  (${item.specifiers.join(", ")})`;
}

/** The declarations that carry the documentation: an overloaded function's implementation does not. */
function documentedDeclarations(symbol: ts.Symbol): ts.Declaration[] {
  const declarations = symbol.declarations ?? [];
  const overloaded = declarations.filter(ts.isFunctionDeclaration).length > 1;
  return declarations.filter((declaration) => !(overloaded && ts.isFunctionDeclaration(declaration) && declaration.body !== undefined));
}

// ---------------------------------------------------------------------------------------------
// Checks: each returns one line per offender, sorted

function documentationGaps(project: Project): string[] {
  const { exports, unresolved } = publicExports(project);
  const gaps = [...unresolved];
  for (const item of exports) {
    for (const declaration of documentedDeclarations(item.symbol)) {
      const blocks = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc);
      const doc = blocks[blocks.length - 1]; // the block right above the declaration, as editors show it
      const at = `${where(project, declaration)}  ${label(item)}`;
      if (doc === undefined) {
        gaps.push(
          ts.isFunctionDeclaration(declaration) && (item.symbol.declarations ?? []).filter(ts.isFunctionDeclaration).length > 1
            ? `${at}  overload has no JSDoc (editors show only the matched overload's): add /** description ... @example ... */`
            : `${at}  has no JSDoc: add /** description ... @example ... */`,
        );
        continue;
      }
      if ((ts.getTextOfJSDocComment(doc.comment) ?? "").trim() === "") gaps.push(`${at}  JSDoc has no description`);
      const examples = (doc.tags ?? []).filter((tag) => tag.tagName.text === "example");
      if (examples.length === 0) gaps.push(`${at}  JSDoc has no @example`);
      else if (examples.some((tag) => (ts.getTextOfJSDocComment(tag.comment) ?? "").trim() === "")) {
        gaps.push(`${at}  JSDoc has an empty @example`);
      }
    }
  }
  return gaps.sort();
}

function isHidden(declaration: ts.Declaration): boolean {
  const name = ts.getNameOfDeclaration(declaration);
  if (name !== undefined && ts.isPrivateIdentifier(name)) return true;
  return (ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0;
}

/** Type nodes written in the public part of a declaration (no function bodies, no private members). */
function publicTypeNodes(declaration: ts.Node): ts.Node[] {
  const fromSignature = (node: ts.SignatureDeclarationBase): ts.Node[] => [
    ...(node.typeParameters ?? []),
    ...node.parameters.flatMap((parameter) => (parameter.type === undefined ? [] : [parameter.type])),
    ...(node.type === undefined ? [] : [node.type]),
  ];
  if (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration)) return [declaration];
  if (ts.isFunctionDeclaration(declaration)) return fromSignature(declaration);
  if (ts.isVariableDeclaration(declaration)) {
    const initializer = declaration.initializer;
    return [
      ...(declaration.type === undefined ? [] : [declaration.type]),
      ...(initializer !== undefined && (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))
        ? fromSignature(initializer)
        : []),
    ];
  }
  if (ts.isClassDeclaration(declaration)) {
    return [
      ...(declaration.typeParameters ?? []),
      ...(declaration.heritageClauses ?? []),
      ...declaration.members
        .filter((member) => !isHidden(member))
        .flatMap((member): ts.Node[] => {
          if (ts.isPropertyDeclaration(member)) return member.type === undefined ? [] : [member.type];
          if (ts.isIndexSignatureDeclaration(member)) return [member];
          if (ts.isConstructorDeclaration(member)) {
            // parameter properties are members too; plain constructor parameters are still public input
            return fromSignature(member);
          }
          if (ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member)) {
            return fromSignature(member);
          }
          return [];
        }),
    ];
  }
  return [];
}

function anyKeywordsIn(node: ts.Node): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (current: ts.Node): void => {
    if (current.kind === ts.SyntaxKind.AnyKeyword) found.push(current);
    ts.forEachChild(current, visit);
  };
  visit(node);
  return found;
}

/**
 * Walks what a type exposes: union members, type arguments (`Promise<any>`), and, for object
 * and function types declared in src, their public properties, signatures and index signatures.
 * Types declared elsewhere (lib, dependencies) are not opened: only what we pass into them.
 */
function anyPaths(project: Project, type: ts.Type, path: string, seen: Set<ts.Type>, found: string[]): void {
  const { checker } = project;
  if (type.flags & ts.TypeFlags.Any) {
    found.push(`${path}: ${checker.typeToString(type)}`);
    return;
  }
  if (seen.has(type)) return;
  seen.add(type);
  if (type.isUnionOrIntersection()) {
    for (const member of type.types) anyPaths(project, member, path, seen, found);
    return;
  }
  if (!(type.flags & ts.TypeFlags.Object)) return;
  const objectType = type as ts.ObjectType;
  if (objectType.objectFlags & ts.ObjectFlags.Reference) {
    checker.getTypeArguments(objectType as ts.TypeReference).forEach((argument, index) => {
      anyPaths(project, argument, `${path}<${index}>`, seen, found);
    });
  }
  const owner = type.getSymbol() ?? type.aliasSymbol;
  if (!(owner?.declarations ?? []).some((declaration) => isInSrc(project, declaration))) return;
  for (const property of checker.getPropertiesOfType(type)) {
    const declarations = property.declarations ?? [];
    if (property.name.startsWith("__#") || declarations.some(isHidden)) continue;
    anyPaths(project, checker.getTypeOfSymbol(property), `${path}.${property.name}`, seen, found);
  }
  for (const info of checker.getIndexInfosOfType(type)) {
    anyPaths(project, info.type, `${path}[${checker.typeToString(info.keyType)}]`, seen, found);
  }
  const signatures = [
    ...checker.getSignaturesOfType(type, ts.SignatureKind.Call).map((signature) => ({ signature, prefix: "" })),
    ...checker.getSignaturesOfType(type, ts.SignatureKind.Construct).map((signature) => ({ signature, prefix: "new " })),
  ];
  for (const { signature, prefix } of signatures) {
    for (const parameter of signature.getParameters()) {
      anyPaths(project, checker.getTypeOfSymbol(parameter), `${prefix}${path}(${parameter.name})`, seen, found);
    }
    anyPaths(project, checker.getReturnTypeOfSignature(signature), `${prefix}${path}() returns`, seen, found);
  }
}

function anyGaps(project: Project): string[] {
  const { checker } = project;
  const { exports, unresolved } = publicExports(project);
  const gaps = new Set(unresolved);
  for (const item of exports) {
    const first = item.symbol.declarations?.[0];
    if (first === undefined) continue;
    const at = `${where(project, first)}  ${label(item)}`;
    for (const declaration of item.symbol.declarations ?? []) {
      for (const typeNode of publicTypeNodes(declaration)) {
        for (const keyword of anyKeywordsIn(typeNode)) {
          gaps.add(`${where(project, keyword)}  ${label(item)}  writes \`any\`: use \`unknown\` or a precise type`);
        }
      }
    }
    const found: string[] = [];
    if (item.symbol.flags & (ts.SymbolFlags.Type & ~ts.SymbolFlags.Value) || item.symbol.flags & ts.SymbolFlags.Class) {
      anyPaths(project, checker.getDeclaredTypeOfSymbol(item.symbol), item.name, new Set(), found);
    }
    if (item.symbol.flags & ts.SymbolFlags.Value) {
      anyPaths(project, checker.getTypeOfSymbol(item.symbol), item.name, new Set(), found);
    }
    for (const path of found) gaps.add(`${at}  exposes \`any\` at ${path}`);
  }
  return [...gaps].sort();
}

function defaultExportGaps(project: Project): string[] {
  const gaps: string[] = [];
  for (const file of project.srcFiles) {
    for (const statement of sourceFile(project, file).statements) {
      const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
      if (ts.isExportAssignment(statement)) {
        const form = statement.isExportEquals === true ? "export =" : "export default";
        gaps.push(`${where(project, statement)}  ${form}: use a named export`);
      } else if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)) {
        gaps.push(`${where(project, statement)}  export default: use a named export`);
      } else if (ts.isExportDeclaration(statement) && statement.exportClause !== undefined) {
        const clause = statement.exportClause;
        const names = ts.isNamedExports(clause) ? clause.elements.map((element) => element.name) : [clause.name];
        for (const name of names) {
          if (name.text === "default") {
            gaps.push(`${where(project, name)}  exports \`default\`: use a named export`);
          }
        }
      }
    }
  }
  return gaps.sort();
}

function barrelFiles(project: Project): string[] {
  const files = new Set(project.entries.map((entry) => `${project.root}/${entry.file}`));
  for (const file of project.srcFiles) if (/\/index\.[cm]?tsx?$/.test(file)) files.add(file);
  return [...files].sort();
}

function barrelGaps(project: Project): string[] {
  const gaps: string[] = [];
  for (const file of barrelFiles(project)) {
    const source = sourceFile(project, file);
    for (const statement of source.statements) {
      if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined) continue;
      const text = statement.getText(source).replace(/\s+/g, " ");
      const shown = text.length > 60 ? `${text.slice(0, 57)}...` : text;
      gaps.push(`${where(project, statement)}  is not a re-export (\`${shown}\`): move it to its own file and re-export it`);
    }
  }
  return gaps.sort();
}

/** Whether this `console` identifier reads the global (not a property name, a key or a type query). */
function readsConsole(identifier: ts.Identifier): boolean {
  const parent = identifier.parent;
  if (ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent)) {
    return ts.isPropertyAccessExpression(parent) ? parent.expression === identifier : parent.left === identifier;
  }
  if (ts.isTypeQueryNode(parent)) return false;
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isGetAccessorDeclaration(parent) ||
      ts.isSetAccessorDeclaration(parent) ||
      ts.isEnumMember(parent)) &&
    parent.name === identifier
  ) {
    return false;
  }
  if (ts.isBindingElement(parent) && parent.propertyName === identifier) return false;
  return true;
}

function consoleGaps(project: Project): string[] {
  const gaps: string[] = [];
  for (const file of project.srcFiles) {
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && node.text === "console" && readsConsole(node)) {
        const parent = node.parent;
        const use = ts.isPropertyAccessExpression(parent)
          ? `console.${parent.name.text}`
          : ts.isElementAccessExpression(parent) && parent.expression === node
            ? "console[...]"
            : "console passed as a value";
        gaps.push(`${where(project, node)}  ${use}: take a \`logger\` option instead`);
      } else if (
        ts.isPropertyAccessExpression(node) &&
        node.name.text === "console" &&
        ts.isIdentifier(node.expression) &&
        ["globalThis", "window", "self", "global"].includes(node.expression.text)
      ) {
        gaps.push(`${where(project, node)}  ${node.expression.text}.console: take a \`logger\` option instead`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile(project, file));
  }
  return gaps.sort();
}

function documentedNameGaps(project: Project, expected: typeof DOCUMENTED_NAMES): string[] {
  const { checker } = project;
  const gaps: string[] = [];
  for (const entry of project.entries) {
    const file = project.program.getSourceFile(`${project.root}/${entry.file}`);
    const moduleSymbol = file === undefined ? undefined : checker.getSymbolAtLocation(file);
    const exported = new Map(
      (moduleSymbol === undefined ? [] : checker.getExportsOfModule(moduleSymbol)).map((symbol) => [
        symbol.name,
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
      ]),
    );
    const names = expected[entry.specifier] ?? {};
    const check = (name: string, kind: string, holds: (symbol: ts.Symbol) => boolean): void => {
      const symbol = exported.get(name);
      const at = `${entry.file}  ${name}  (entry ${entry.specifier})`;
      if (symbol === undefined) gaps.push(`${at}  is missing: the documented API names it`);
      else if (!holds(symbol)) gaps.push(`${at}  is not a ${kind}`);
    };
    for (const name of names.functions ?? []) {
      check(name, "function", (symbol) =>
        symbol.flags & ts.SymbolFlags.Value
          ? checker.getSignaturesOfType(checker.getTypeOfSymbol(symbol), ts.SignatureKind.Call).length > 0
          : false,
      );
    }
    for (const name of names.classes ?? []) check(name, "class", (symbol) => (symbol.flags & ts.SymbolFlags.Class) !== 0);
    for (const name of names.types ?? []) check(name, "type", (symbol) => (symbol.flags & ts.SymbolFlags.Type) !== 0);
  }
  return gaps.sort();
}

// ---------------------------------------------------------------------------------------------
// The checks prove they can fail

describe("the public-API checks", () => {
  const fixture = loadVirtual(
    {
      "src/index.ts": [
        'export * from "./things.js";',
        'export { documented as default } from "./things.js";',
        "const local = 1;",
        "export { local };",
      ].join("\n"),
      "src/things.ts": [
        "/**",
        " * Documented properly.",
        " *",
        " * @example",
        " * ```ts",
        ' * documented("x");',
        " * ```",
        " */",
        "export function documented(text: string): string {",
        "  const loose = JSON.parse(text) as any; // internal, not public",
        "  return String(loose);",
        "}",
        "",
        "export function undocumented(value: any): void {",
        "  console.log(value);",
        "}",
        "",
        "/** Parses, and says nothing of how. */",
        "export const inferred = (text: string) => ({ value: JSON.parse(text), when: new Date() });",
        "",
        "/**",
        " * @example",
        " * ```ts",
        " * const b: Bare = { nested: { deep: Promise.resolve(1) } };",
        " * ```",
        " */",
        "export interface Bare { nested: { deep: Promise<any> } }",
        "",
        "/**",
        " * A class whose private parts may be loose.",
        " *",
        " * @example",
        " * ```ts",
        " * new Thing().log();",
        " * ```",
        " */",
        "export class Thing {",
        "  private loose: any = 1;",
        "  #hidden: any = 2;",
        "  /** Logs. */",
        "  log(): void {",
        "    const sink = { console: 1 };",
        "    globalThis.console.warn(sink.console, this.loose, this.#hidden);",
        "  }",
        "}",
        "",
        "export default Thing;",
        "",
        "/**",
        " * Overloaded, documented once only.",
        " *",
        " * @example",
        " * ```ts",
        " * over(1);",
        " * ```",
        " */",
        "export function over(value: string): string;",
        "export function over(value: number): number;",
        "export function over(value: string | number): string | number {",
        "  return value;",
        "}",
      ].join("\n"),
      "src/area/index.ts": 'export { documented } from "../things.js";\nexport const logger = console;\n',
    },
    [{ specifier: "fixture", file: "src/index.ts" }],
  );

  it("reports each undocumented export, missing description and missing @example, with its file and line", () => {
    expect(documentationGaps(fixture)).toEqual([
      "src/index.ts:3  local  (fixture)  has no JSDoc: add /** description ... @example ... */",
      "src/things.ts:14  undocumented  (fixture)  has no JSDoc: add /** description ... @example ... */",
      "src/things.ts:19  inferred  (fixture)  JSDoc has no @example",
      "src/things.ts:27  Bare  (fixture)  JSDoc has no description",
      "src/things.ts:58  over  (fixture)  overload has no JSDoc (editors show only the matched overload's): add /** description ... @example ... */",
    ]);
  });

  it("reports `any` written in a public signature and `any` reached through an inferred or nested type", () => {
    expect(anyGaps(fixture)).toEqual([
      "src/things.ts:14  undocumented  (fixture)  exposes `any` at undocumented(value): any",
      "src/things.ts:14  undocumented  (fixture)  writes `any`: use `unknown` or a precise type",
      "src/things.ts:19  inferred  (fixture)  exposes `any` at inferred() returns.value: any",
      "src/things.ts:27  Bare  (fixture)  exposes `any` at Bare.nested.deep<0>: any",
      "src/things.ts:27  Bare  (fixture)  writes `any`: use `unknown` or a precise type",
    ]);
  });

  it("reports every default export form", () => {
    expect(defaultExportGaps(fixture)).toEqual([
      "src/index.ts:2  exports `default`: use a named export",
      "src/things.ts:47  export default: use a named export",
    ]);
  });

  it("reports every statement of an entry or barrel file that is not a re-export", () => {
    expect(barrelGaps(fixture)).toEqual([
      "src/area/index.ts:2  is not a re-export (`export const logger = console;`): move it to its own file and re-export it",
      "src/index.ts:3  is not a re-export (`const local = 1;`): move it to its own file and re-export it",
      "src/index.ts:4  is not a re-export (`export { local };`): move it to its own file and re-export it",
    ]);
  });

  it("reports console calls and console passed around, but not a `console` key", () => {
    expect(consoleGaps(fixture)).toEqual([
      "src/area/index.ts:2  console passed as a value: take a `logger` option instead",
      "src/things.ts:15  console.log: take a `logger` option instead",
      "src/things.ts:43  globalThis.console: take a `logger` option instead",
    ]);
  });

  it("reports a documented name that is missing or of the wrong kind", () => {
    expect(
      documentedNameGaps(fixture, { fixture: { functions: ["documented", "absent"], classes: ["inferred"], types: ["Bare", "Thing"] } }),
    ).toEqual([
      "src/index.ts  absent  (entry fixture)  is missing: the documented API names it",
      "src/index.ts  inferred  (entry fixture)  is not a class",
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// The repository

describe("the public API of sign-in-with-xrpl", () => {
  const project = loadRepository();

  it("checks exactly the entries package.json exports", () => {
    const manifest = JSON.parse(readFileSync(`${project.root}/package.json`, "utf8")) as { exports: Record<string, unknown> };
    const specifiers = Object.keys(manifest.exports)
      .filter((key) => key !== "./package.json")
      .map((key) => (key === "." ? "sign-in-with-xrpl" : `sign-in-with-xrpl/${key.slice(2)}`));
    expect(specifiers.sort()).toEqual(ENTRIES.map((entry) => entry.specifier).sort());
    // guard against a walk that finds nothing and so passes every check below
    expect(publicExports(project).exports.length).toBeGreaterThan(60);
    expect(project.srcFiles.length).toBeGreaterThan(40);
  });

  it("exports every documented name, from the entry that documents it, with the right kind", () => {
    expect(documentedNameGaps(project, DOCUMENTED_NAMES)).toEqual([]);
  });

  it("re-exports the same createMessage from the client entry as from the main entry", () => {
    const { exports } = publicExports(project);
    const createMessage = exports.find((item) => item.name === "createMessage");
    expect(createMessage?.specifiers.sort()).toEqual(["sign-in-with-xrpl", "sign-in-with-xrpl/client"]);
  });

  it("documents every export with a JSDoc description and an @example", () => {
    const gaps = documentationGaps(project);
    expect(gaps, `undocumented exports:\n${gaps.join("\n")}`).toEqual([]);
  });

  it("has no `any` in the public types", () => {
    const gaps = anyGaps(project);
    expect(gaps, `\`any\` in the public types:\n${gaps.join("\n")}`).toEqual([]);
  });

  it("has no default export in any src file", () => {
    const gaps = defaultExportGaps(project);
    expect(gaps, `default exports:\n${gaps.join("\n")}`).toEqual([]);
  });

  it("keeps the entry files and every src/*/index.ts to re-exports only", () => {
    const barrels = [...ENTRIES.map((entry) => entry.file), "src/message/index.ts", "src/server/index.ts", "src/verify/index.ts"];
    expect(barrelFiles(project).map((file) => relative(project.root, file))).toEqual(expect.arrayContaining(barrels));
    const gaps = barrelGaps(project);
    expect(gaps, `entry/barrel statements that are not re-exports:\n${gaps.join("\n")}`).toEqual([]);
  });

  it("never uses console in src, except as the development default logger", () => {
    // The one place: `defaultLogger` in src/shared/logger.ts, the logger of handlers given none
    // outside production (test/server/loud-setup.test.ts checks that production stays silent).
    const gaps = consoleGaps(project).filter((gap) => !/^src\/shared\/logger\.ts:\d+ {2}globalThis\.console:/u.test(gap));
    expect(consoleGaps(project).filter((gap) => gap.startsWith("src/shared/logger.ts"))).toHaveLength(1);
    expect(gaps, `console in the library:\n${gaps.join("\n")}`).toEqual([]);
  });
});
