import type { Alias } from 'vite';

/**
 * The browser builds run React's API on Preact (preact/compat): React's DOM renderer was half of the
 * entry script (202 of 426 KB), and evaluating it was most of what a mid-range phone does before the
 * first page answers (issue 28: Lighthouse's total blocking time). Libraries and our code keep
 * importing `react`; the unit tests render with React itself, the browser tests with this.
 */
export const REACT_ON_PREACT: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];
