// The layout feature's public face: the site chrome of each layout of SPEC.md §2, and the
// layout the current route asks for; its top bars for the component previews.
export { DesktopHeader } from './desktop-header.tsx';
export { AppLayout, useRouteLayout } from './layouts.tsx';
export { ShellEffects } from './lazy-shell-effects.tsx';
export { MobileTopBar } from './mobile-top-bar.tsx';
export { NonavFrame } from './nonav-frame.tsx';
