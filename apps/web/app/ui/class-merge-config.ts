// The class groups `cn` merges by: all of Tailwind's here (development, tests). The
// production build replaces this module with the groups the app's own class names use
// (vite-plugins/trim-class-merge.ts), which merges those names identically and leaves
// about 6 KB of tailwind-merge's tables out of every page.
export { getDefaultConfig as classMergeConfig } from 'tailwind-merge';
