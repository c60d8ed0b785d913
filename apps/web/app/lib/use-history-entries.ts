import { useState } from 'react';
import { useToast } from '~/ui/toast.tsx';

type HistoryEntry = { hid: number };

type HistoryEntriesOptions<E extends HistoryEntry> = {
  /** Changes the entries shown (one deleted, all cleared, one put back after a failure). */
  updateHistory: (update: (history: E[]) => E[]) => void;
  /** The server's delete of one entry, and of all. */
  deleteEntry: (entry: E) => Promise<unknown>;
  clearAll: () => Promise<unknown>;
  /** Newest first: where an entry whose delete failed goes back. */
  newerFirst: (a: E, b: E) => number;
  messages: { deleteFailed: string; clearFailed: string; cleared?: string };
};

/**
 * A person's history list (search words, recent URLs): × removes an entry at once and puts
 * it back where it was when the server refuses; 清空 asks first (the sheet's `isClearing`),
 * then clears on the server and here.
 */
export function useHistoryEntries<E extends HistoryEntry>(options: HistoryEntriesOptions<E>) {
  const { updateHistory, deleteEntry, clearAll, newerFirst, messages } = options;
  const toast = useToast();
  const [isClearing, setIsClearing] = useState(false);

  const remove = (entry: E) => {
    updateHistory((all) => all.filter((e) => e.hid !== entry.hid));
    deleteEntry(entry).catch(() => {
      // The server still has it: put it back where it was.
      updateHistory((all) => (all.some((e) => e.hid === entry.hid) ? all : [...all, entry].sort(newerFirst)));
      toast.show(messages.deleteFailed, { tone: 'error' });
    });
  };

  const confirmClear = async () => {
    try {
      await clearAll();
      updateHistory(() => []);
      if (messages.cleared) toast.show(messages.cleared);
    } catch {
      toast.show(messages.clearFailed, { tone: 'error' });
    }
    setIsClearing(false);
  };

  return {
    remove,
    isClearing,
    askClear: () => setIsClearing(true),
    closeClear: () => setIsClearing(false),
    confirmClear,
  };
}
