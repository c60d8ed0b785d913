// The Tesla owner's tools hub (/tesla-tools): the cards that lead to each tool, and the
// page's words (its title and description name it as the tools page).
export { TOOLS_MESSAGES } from './messages.ts';
export { ToolsHub } from './tools-hub.tsx';
