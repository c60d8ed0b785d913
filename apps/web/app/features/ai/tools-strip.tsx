import { CircleUserRound, Clapperboard, Palette } from 'lucide-react';
import { Link } from 'react-router';
import { AI_ENTRY_MESSAGES } from './entry-messages.ts';

const TOOLS = [
  { to: '/ai', label: AI_ENTRY_MESSAGES.toolImage, icon: Palette, testId: 'tool-ai-image' },
  { to: '/ai?tab=video', label: AI_ENTRY_MESSAGES.toolVideo, icon: Clapperboard, testId: 'tool-ai-video' },
  { to: '/settings#avatar', label: AI_ENTRY_MESSAGES.toolAvatar, icon: CircleUserRound, testId: 'tool-ai-avatar' },
] as const;

/** The Tesla page's 工具: the ways to the AI tools (/ai, its video tab, the avatar picker). */
export function AiToolsStrip() {
  return (
    <nav aria-label={AI_ENTRY_MESSAGES.tools} data-testid="ai-tools" className="mt-3 flex items-center gap-2">
      <span className="shrink-0 text-xs font-medium text-gray-500 dark:text-gray-400">{AI_ENTRY_MESSAGES.tools}</span>
      <ul className="flex min-w-0 gap-2 overflow-x-auto [scrollbar-width:none]">
        {TOOLS.map((tool) => (
          <li key={tool.to} className="shrink-0">
            <Link
              to={tool.to}
              data-testid={tool.testId}
              className="inline-flex h-8 items-center gap-1.5 rounded-full bg-gradient-to-r from-primary-50 to-violet-50 px-3 text-sm font-medium text-primary-800 ring-1 ring-primary-600/15 hover:from-primary-100 hover:to-violet-100 dark:from-primary-950 dark:to-violet-950 dark:text-primary-200 dark:ring-primary-400/25"
            >
              <tool.icon aria-hidden="true" className="size-4" />
              {tool.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
