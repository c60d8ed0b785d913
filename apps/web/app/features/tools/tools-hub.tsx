import {
  BellRing,
  ChevronRight,
  CircleUserRound,
  Clapperboard,
  FileAudio,
  type LucideIcon,
  Palette,
} from 'lucide-react';
import { Link } from 'react-router';
import { AI_ENTRY_MESSAGES } from '~/features/ai/index.ts';
import { cn } from '~/ui/cn.ts';
import { TOOLS_MESSAGES } from './messages.ts';

type Tool = {
  to: string;
  title: string;
  hint: string;
  icon: LucideIcon;
  testId: string;
  /** The icon's tile: one hue per tool, so the cards tell apart at a glance. */
  tone: string;
};

/** The owner's tools, in the order an owner reaches for them: the car's own first, then AI. */
const TOOLS: readonly Tool[] = [
  {
    to: '/lockchime',
    title: TOOLS_MESSAGES.lockChime,
    hint: TOOLS_MESSAGES.lockChimeHint,
    icon: BellRing,
    testId: 'tool-lockchime',
    tone: 'bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-300',
  },
  {
    to: '/lockchime?tab=extract',
    title: TOOLS_MESSAGES.extractAudio,
    hint: TOOLS_MESSAGES.extractAudioHint,
    icon: FileAudio,
    testId: 'tool-extract-audio',
    tone: 'bg-amber-50 text-amber-600 dark:bg-amber-950 dark:text-amber-300',
  },
  {
    to: '/ai',
    title: AI_ENTRY_MESSAGES.toolImage,
    hint: TOOLS_MESSAGES.aiImageHint,
    icon: Palette,
    testId: 'tool-ai-image',
    tone: 'bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300',
  },
  {
    to: '/ai?tab=video',
    title: AI_ENTRY_MESSAGES.toolVideo,
    hint: TOOLS_MESSAGES.aiVideoHint,
    icon: Clapperboard,
    testId: 'tool-ai-video',
    tone: 'bg-violet-50 text-violet-600 dark:bg-violet-950 dark:text-violet-300',
  },
  {
    to: '/settings#avatar',
    title: AI_ENTRY_MESSAGES.toolAvatar,
    hint: TOOLS_MESSAGES.aiAvatarHint,
    icon: CircleUserRound,
    testId: 'tool-ai-avatar',
    tone: 'bg-sky-50 text-sky-600 dark:bg-sky-950 dark:text-sky-300',
  },
];

/**
 * The tools hub at the top of /tesla-tools: one card per tool (icon, name, one line of
 * what it does). Phones swipe a row of cards (the feed stays near the top); wider screens
 * show them all in one row.
 */
export function ToolsHub({ className }: { className?: string }) {
  return (
    <nav aria-label={TOOLS_MESSAGES.hubLabel} data-testid="tools-hub" className={className}>
      <ul
        className={cn(
          // Phones: a swipeable row that runs to the screen's edges, each card snapping in.
          '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-2.5 overflow-x-auto px-4 pb-1 [scrollbar-width:none]',
          'md:mx-0 md:grid md:grid-cols-5 md:gap-3 md:overflow-visible md:px-0 md:pb-0',
        )}
      >
        {TOOLS.map((tool) => (
          <li key={tool.to} className="w-[9.5rem] shrink-0 snap-start md:w-auto">
            <Link
              to={tool.to}
              data-testid={tool.testId}
              className={cn(
                'group flex h-full flex-col gap-2 rounded-2xl bg-white p-3 ring-1 ring-gray-900/5 transition-shadow',
                'hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
                'md:flex-row md:items-center md:gap-3 md:p-4 dark:bg-gray-900 dark:ring-white/10',
              )}
            >
              <span className={cn('inline-flex size-10 shrink-0 items-center justify-center rounded-xl', tool.tone)}>
                <tool.icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-0.5 text-[15px] font-semibold text-gray-900 dark:text-gray-100">
                  {tool.title}
                  <ChevronRight
                    aria-hidden="true"
                    className="hidden size-4 text-gray-400 transition-transform group-hover:translate-x-0.5 md:inline"
                  />
                </span>
                <span className="mt-0.5 line-clamp-2 text-xs leading-snug text-gray-500 dark:text-gray-400">
                  {tool.hint}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
