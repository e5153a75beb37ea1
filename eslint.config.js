// ESLint (flat config), run by `npm test` (`npm run lint`): typescript-eslint's type-checked
// rules for every package, React's hook rules and Relay's rules for the web app. Any finding
// fails the run: a rule that does not fit is turned off here, with its reason, never ignored inline.
import js from "@eslint/js";
import relay from "eslint-plugin-relay";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "api/generated/**",
      "web/src/__generated__/**",
      "api/.test-build/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Unused bindings are mistakes, except a deliberately ignored `_name`.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // A variable read by a closure before its one assignment cannot be const (it is still undefined then).
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      // Type-only imports stay type-only in the emitted code (verbatimModuleSyntax agrees).
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, relay },
    rules: {
      // React ignores what an event handler returns; an async handler (a form's handleSubmit, a
      // copy to the clipboard) is fine there as long as it handles its own failures, which the
      // floating-promise rules still check inside it.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      ...reactHooks.configs.recommended.rules,
      "relay/graphql-syntax": "error",
      // Every screen lives in routes/<Screen>/route.tsx (STYLE.md's layout), so this rule would
      // name every screen's query `routeQuery`; they carry the screen's name instead
      // (TheNamedRouteQuery), which Relay needs unique across the app.
      "relay/graphql-naming": "off",
      "relay/unused-fields": "error",
      "relay/must-colocate-fragment-spreads": "error",
      "relay/no-future-added-value": "error",
      "relay/function-required-argument": "error",
      "relay/hook-required-argument": "error",
    },
  },
  {
    // Tests read answers off the wire (response.json(), GraphQL results) as untyped JSON on
    // purpose: asserting their shape is the test's job, and typing every answer first would
    // only restate the assertion. Everything else in the tests is held to the same rules.
    files: ["**/*.test.{ts,tsx}", "api/test/**", "web/e2e/**", "scripts/**"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },
  {
    // Plain JavaScript configuration files are not in any TypeScript project.
    files: ["**/*.js", "**/*.cjs", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
