// Types of scripts/doc-links.mjs, for the tests and the site configuration that import it.
export declare function githubSlug(text: string): string;
export declare function headingAnchors(markdown: string): Set<string>;
export declare function markdownLinks(markdown: string): { target: string; line: number }[];
export declare function checkMarkdownLinks(root: string, files: readonly string[], available?: ReadonlySet<string>): string[];
export declare function filesUnder(folder: string): string[];
export declare function checkSiteLinks(siteDir: string): { pages: number; problems: string[] };
