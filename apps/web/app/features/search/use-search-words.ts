import { type SearchHistoryEntry, searchIndex, searchRecord } from '@evcircle/contract/client';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useViewer } from '~/features/auth/index.ts';
import { useApi } from '~/lib/api.ts';
import { normalizeSearchWord, type SearchType, searchHref } from './search-address.ts';
import type { SearchWords } from './search-page.ts';

type WordsState = { source: SearchWords | null; viewerId: number | null; words: SearchWords | null };

/**
 * The viewer's history and the hot words, for the page before typing and for the
 * suggestions: the loader's when it sent them (the page without a word), otherwise
 * fetched the first time the input is focused (`ensure`). Kept in step with what the
 * viewer does here (a search recorded, a word deleted, the history cleared), and
 * forgotten when another viewer logs in or out.
 */
export function useSearchWords(loaded: SearchWords | null) {
  const api = useApi();
  const viewerId = useViewer()?.uid ?? null;
  const [state, setState] = useState<WordsState>({ source: loaded, viewerId, words: loaded });
  let current = state;
  if ((loaded !== null && state.source !== loaded) || state.viewerId !== viewerId) {
    // The loader ran again (a word cleared, back to the start, a login): its words are the truth.
    current = { source: loaded, viewerId, words: loaded };
    setState(current);
  }
  const isFetching = useRef(false);
  const hasWords = current.words !== null;

  const ensure = useCallback(() => {
    if (hasWords || isFetching.current) return;
    isFetching.current = true;
    api.call(searchIndex, {}).then(
      (words) => {
        isFetching.current = false;
        setState((s) => (s.words ? s : { ...s, words }));
      },
      () => {
        // Suggestions go without history and hot words; the next focus asks again.
        isFetching.current = false;
      },
    );
  }, [api, hasWords]);

  const updateHistory = useCallback((update: (history: SearchHistoryEntry[]) => SearchHistoryEntry[]) => {
    setState((s) => (s.words ? { ...s, words: { ...s.words, history: update(s.words.history) } } : s));
  }, []);

  /** A word just recorded goes to the top (once). */
  const remember = useCallback(
    (entry: SearchHistoryEntry) => updateHistory((history) => [entry, ...history.filter((e) => e.word !== entry.word)]),
    [updateHistory],
  );

  return { words: current.words, ensure, remember, updateHistory };
}

/**
 * Searching for a word. `run` makes the address /search?word=…&type=… (a new history
 * entry, so back and forward work) and records the word; a blank word does nothing, and
 * `run` answers whether it searched. `record` alone is for links to a search (history and
 * hot words). A logged-in viewer's word is recorded on the side, never holding the search
 * up: a failure only means it is not in their history.
 */
export function useRunSearch(onRecorded: (entry: SearchHistoryEntry) => void) {
  const navigate = useNavigate();
  const api = useApi();
  const isLoggedIn = useViewer() !== null;
  const record = useCallback(
    (raw: string) => {
      const word = normalizeSearchWord(raw);
      if (!isLoggedIn || !word) return;
      api.call(searchRecord, { word }).then(
        ({ entry }) => {
          if (entry) onRecorded(entry);
        },
        () => {},
      );
    },
    [api, isLoggedIn, onRecorded],
  );
  const run = useCallback(
    (raw: string, type: SearchType): boolean => {
      const word = normalizeSearchWord(raw);
      if (!word) return false;
      record(word);
      navigate(searchHref({ word, type }));
      return true;
    },
    [navigate, record],
  );
  return { run, record };
}
