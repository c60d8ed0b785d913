import { Search, X } from 'lucide-react';
import { IconButton } from '~/ui/icon-button.tsx';
import { CHAT_MESSAGES } from './messages.ts';

type FriendSearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
};

/** The search field over the conversation list. */
export function FriendSearchBox({ value, onChange }: FriendSearchBoxProps) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
      />
      <input
        type="search"
        value={value}
        maxLength={50}
        onChange={(event) => onChange(event.target.value)}
        aria-label={CHAT_MESSAGES.searchLabel}
        placeholder={CHAT_MESSAGES.searchPlaceholder}
        data-testid="chat-search"
        className="h-9 w-full rounded-full border border-transparent bg-gray-100 pr-9 pl-9 text-sm text-gray-900 outline-none placeholder:text-gray-400 focus:border-primary-500 focus:bg-white dark:bg-gray-800 dark:text-gray-100 dark:placeholder:text-gray-500 dark:focus:bg-gray-900 [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <IconButton
          label={CHAT_MESSAGES.clearSearch}
          size="sm"
          onClick={() => onChange('')}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 p-1"
        >
          <X aria-hidden="true" className="size-4" />
        </IconButton>
      ) : null}
    </div>
  );
}
