import { formatMessage, resolveMediaUrl, searchFriends, type UserCard } from '@evcircle/contract/client';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '~/lib/api.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { CHAT_MESSAGES } from './messages.ts';
import { relationLabel } from './relation-label.ts';

/** Typing pauses this long before the search goes out. */
const SEARCH_DELAY_MS = 300;
const RESULT_SIZE = 20;

type SearchState = { word: string; status: 'loading' | 'done' | 'error'; people: UserCard[] };

/** The people the viewer follows or who follow them whose nickname contains `word`, followed first. */
async function findPeople(api: ReturnType<typeof useApi>, word: string): Promise<UserCard[]> {
  const [following, followers] = await Promise.all([
    api.call(searchFriends, { search: word, type: 'following', idx: 1, size: RESULT_SIZE }),
    api.call(searchFriends, { search: word, type: 'followers', idx: 1, size: RESULT_SIZE }),
  ]);
  const seen = new Set<number>();
  const people: UserCard[] = [];
  for (const person of [...following.items, ...followers.items]) {
    if (seen.has(person.uid)) continue;
    seen.add(person.uid);
    people.push(person);
  }
  // Mutual friends first: the likeliest to chat with.
  return people.sort((a, b) => Number(b.isfollow && b.istfollow) - Number(a.isfollow && a.istfollow));
}

/** What the search found: people to start a chat with (a tap opens the conversation). */
export function FriendSearchResults({ word, imageBase }: { word: string; imageBase: string }) {
  const api = useApi();
  const [state, setState] = useState<SearchState>({ word, status: 'loading', people: [] });
  useEffect(() => {
    let isCurrent = true;
    setState((s) => ({ ...s, word, status: 'loading' }));
    const timer = setTimeout(() => {
      findPeople(api, word).then(
        (people) => isCurrent && setState({ word, status: 'done', people }),
        () => isCurrent && setState({ word, status: 'error', people: [] }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [api, word]);

  return (
    <section
      aria-label={CHAT_MESSAGES.searchResults}
      aria-busy={state.status === 'loading'}
      data-testid="chat-search-results"
    >
      <h2 className="px-4 pt-3 pb-1 text-xs font-medium text-gray-500 dark:text-gray-400">
        {CHAT_MESSAGES.searchResults}
      </h2>
      {state.status === 'error' ? (
        <p role="alert" className="px-4 py-8 text-center text-sm text-gray-500 dark:text-gray-400">
          {CHAT_MESSAGES.searchFailed}
        </p>
      ) : state.status === 'done' && state.people.length === 0 ? (
        <p data-testid="chat-search-empty" className="px-4 py-8 text-center text-sm text-gray-500 dark:text-gray-400">
          {formatMessage(CHAT_MESSAGES.searchEmpty, { word: word.trim() })}
        </p>
      ) : (
        <ul>
          {state.people.map((person) => (
            <PersonRow key={person.uid} person={person} imageBase={imageBase} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One person to chat with: a link opening the conversation. */
export function PersonRow({ person, imageBase, onPick }: { person: UserCard; imageBase: string; onPick?: () => void }) {
  return (
    <li>
      <Link
        to={`/messages?with=${person.uid}`}
        state={{ fromList: true }}
        onClick={onPick}
        data-testid="friend-row"
        data-uid={person.uid}
        className="flex items-center gap-3 px-4 py-2.5 hover:bg-gray-50 dark:hover:bg-gray-800/60"
      >
        <Avatar src={resolveMediaUrl(person.avatar, imageBase)} name={person.nickname} size={40} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{person.nickname}</span>
          <span className="block truncate text-xs text-gray-500 dark:text-gray-400">
            {[relationLabel(person), person.car_model].filter(Boolean).join(' · ')}
          </span>
        </span>
        <span className="shrink-0 rounded-full border border-primary-600 px-2.5 py-0.5 text-xs text-primary-700 dark:border-primary-400 dark:text-primary-300">
          {CHAT_MESSAGES.sendMessage}
        </span>
      </Link>
    </li>
  );
}
