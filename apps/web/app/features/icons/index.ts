// Icons picked by name at run time (docs/decisions/0026-icons.md): the component pages use;
// its loader (icon-loader.ts) is a chunk of its own, imported when an icon first mounts.
export { NamedIcon } from './named-icon.tsx';
