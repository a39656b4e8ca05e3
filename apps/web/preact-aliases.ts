/**
 * React's names resolved to Preact's React layer (decision 0046): the build, the
 * development server and the component tests (vitest.config.ts) all run the page on the same renderer.
 * Exact names only: `react-router` and `react-is` stay what they are.
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/**
 * The libraries whose `react` imports the component tests must see aliased: vitest hands a package
 * in node_modules to node as it is (no alias) unless it is inlined.
 */
export const REACT_LIBRARIES = [/[\\/]node_modules[\\/](antd|@ant-design|@rc-component|@tanstack[\\/]react-query|react-router)[\\/]/];
