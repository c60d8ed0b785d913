// The AI tools' public face (the server's ai module): the /ai page, the tools' names (the
// tools hub on /tesla-tools links to them), the settings page's avatar picker and the
// translate action of posts and comments.
export { AiPage, type AiPageProps } from './ai-page.tsx';
export { AI_ENTRY_MESSAGES } from './entry-messages.ts';
export { AvatarPicker } from './lazy-avatar-picker.tsx';
export { AI_MESSAGES } from './messages.ts';
export {
  TranslateButton,
  type TranslateToggle,
  TranslationPanel,
  useTranslateToggle,
} from './translate-action.tsx';
