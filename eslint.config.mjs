// ESLint (flat config) for the monorepo. Chosen to find real defects, not to restyle code
// (formatting is Prettier's job, see .prettierrc.json):
// - library code (packages/*/src) is linted with type information, because the defects that
//   matter most in an async protocol server — a promise nobody awaits or catches, a promise
//   passed where a callback's result is ignored, awaiting a non-promise — are only visible to
//   the type checker (no-floating-promises, no-misused-promises, await-thenable);
// - `no-console` in library code: stdout is the stdio transport's wire, so a stray console.log
//   corrupts the protocol. CLI output modules are the explicit exception.
// Tests, examples and scripts get the syntax-only rules, which keeps `npm run lint` fast.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const SYNTAX_RULES = {
  'no-debugger': 'error',
  'no-throw-literal': 'error',
  'no-var': 'error',
  // A variable a closure reads before its one assignment cannot be const.
  'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
  eqeqeq: ['error', 'always', { null: 'ignore' }],
  'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
  'no-self-compare': 'error',
  'no-template-curly-in-string': 'error',
  'no-unused-private-class-members': 'error',
  '@typescript-eslint/no-unused-vars': ['error', { args: 'none', caughtErrors: 'none', ignoreRestSiblings: true }],
  '@typescript-eslint/no-explicit-any': 'error',
  '@typescript-eslint/no-non-null-asserted-optional-chain': 'error',
  '@typescript-eslint/no-unsafe-declaration-merging': 'off', // the decorators share names with wire types on purpose
  '@typescript-eslint/no-unsafe-function-type': 'off', // DI and decorator metadata handle arbitrary constructors: `Function` is the honest type
  '@typescript-eslint/no-empty-object-type': 'off',
  '@typescript-eslint/no-namespace': 'off',
  '@typescript-eslint/no-require-imports': 'off', // CommonJS packages load optional peers lazily with require()
  '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
};

const TYPED_RULES = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
  '@typescript-eslint/await-thenable': 'error',
  '@typescript-eslint/only-throw-error': 'error',
  '@typescript-eslint/no-for-in-array': 'error',
  '@typescript-eslint/require-array-sort-compare': ['error', { ignoreStringArrays: true }],
  '@typescript-eslint/no-base-to-string': 'error',
  'no-console': 'error',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/*.generated.ts',
      '**/*.d.ts',
      'spec/**',
      'bench/**',
      'packages/cli/bin/**',
      'test/clients/**/fixtures/**',
    ],
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    rules: SYNTAX_RULES,
  },
  {
    files: ['packages/*/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: TYPED_RULES,
  },
  {
    // Tests build hostile inputs on purpose: control characters in patterns, `${` in strings.
    files: ['**/test/**/*.ts', 'test/**/*.ts'],
    // chai's property assertions (`.to.be.empty`) are expressions by design.
    rules: { 'no-control-regex': 'off', 'no-template-curly-in-string': 'off', '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // The CLI's output modules are the one place library code prints.
    files: ['packages/cli/src/output/**/*.ts', 'packages/cli/src/bin/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        __filename: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        URL: 'readonly',
        exports: 'writable',
        structuredClone: 'readonly',
        fetch: 'readonly',
        AbortController: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        performance: 'readonly',
        queueMicrotask: 'readonly',
      },
    },
    rules: { 'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none' }] },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
);
