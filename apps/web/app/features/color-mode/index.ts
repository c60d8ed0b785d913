// The color-mode feature's public face: the provider and its pre-paint script, the toggle,
// and the mode a route forces.
export { colorModeScript } from './color-mode.ts';
export { ColorModeProvider } from './color-mode-provider.tsx';
export { ColorModeToggle } from './color-mode-toggle.tsx';
export { useForcedColorMode } from './use-forced-color-mode.ts';
