// The layout feature's public face: the site chrome of each layout of SPEC.md §2, and the
// layout the current route asks for.
export { AppLayout, useRouteLayout } from './layouts.tsx';
