// ESLint with typescript-eslint's type-checked rules for the library, and the same rules, a
// little looser where tests need it, for tests, benchmarks and examples.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "coverage/**",
      "docs-api/**",
      "node_modules/**",
      "**/node_modules/**",
      "examples/next/.next*/**",
      "examples/next-authjs/.next*/**",
      "examples/next-authjs/next-env.d.ts",
      "examples/**/public/client.js",
      "examples/**/public/chunks/**",
      "test/runtimes/node_modules/**",
      "test/runtimes/.build/**",
      "test-artifacts/**",
      // Projects of their own, compiled against the installed tarball by test/package/install.test.ts.
      "test/package/fixtures/**",
      "docs-site/**",
      "site/.vitepress/cache/**",
    ],
  },
  js.configs.recommended,
  {
    files: ["**/*.ts", "**/*.mts", "**/*.cts"],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        project: [
          "./test/tsconfig.json",
          "./examples/next/tsconfig.json",
          "./docs/snippets/tsconfig.json",
          "./examples/next-authjs/tsconfig.json",
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/only-throw-error": "error",
      // An async function without await is how a store or hook keeps its Promise-returning
      // interface and turns a synchronous throw into a rejection, which is what callers handle.
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // Hand-written declarations of .mjs helpers: the compiler checks them, there is no code to lint.
    files: ["**/*.d.mts"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ["src/**/*.ts"],
    rules: {
      // The library speaks through a `logger` option, never to the console.
      "no-console": "error",
    },
  },
  {
    // Tests poke at untyped JSON answers and deliberately call APIs with bad input.
    files: ["test/**/*.ts", "bench/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/unbound-method": "off",
    },
  },
  {
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: { "no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }] },
  },
  prettier,
);
