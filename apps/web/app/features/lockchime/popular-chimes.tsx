import {
  CHIME_PAGE_SIZE,
  type Chime,
  chimeDelete,
  chimeDownload,
  chimePopular,
  formatMessage,
} from '@evcircle/contract/client';
import { Download, Pause, Play, Trash2, Wand2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { useRootData } from '~/lib/root-data.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { useToast } from '~/ui/toast.tsx';
import { formatSeconds, LOCKCHIME_MESSAGES as M } from './messages.ts';
import { saveBlob } from './save-blob.ts';

type PopularChimesProps = {
  /** Page 1 from the loader; null when it failed (fetched again here). */
  first: Chime[] | null;
  /** The chime `?chime=` names, shown first. */
  selected: Chime | null;
  selectedMissing: boolean;
  /** 用它来编辑: load the chime into the maker. */
  onEdit: (chime: Chime) => void;
};

/** 热门锁车音: shared chimes to preview (one tap) and download (one tap), most downloaded first. */
export function PopularChimes({ first, selected, selectedMissing, onEdit }: PopularChimesProps) {
  const api = useApi();
  const [items, setItems] = useState<Chime[]>(first ?? []);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState((first?.length ?? 0) >= CHIME_PAGE_SIZE);
  const [failed, setFailed] = useState(first === null);
  const [playing, setPlaying] = useState<number | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  const load = (next: number) => {
    api.call(chimePopular, { page: next, size: CHIME_PAGE_SIZE }).then(
      (rows) => {
        setFailed(false);
        setPage(next);
        setHasMore(rows.length >= CHIME_PAGE_SIZE);
        setItems((now) => (next === 1 ? rows : [...now, ...rows.filter((r) => !now.some((n) => n.id === r.id))]));
      },
      () => setFailed(true),
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the loader's page failed
  useEffect(() => {
    if (first === null) load(1);
  }, []);
  useEffect(() => () => audio.current?.pause(), []);

  const toggle = (chime: Chime) => {
    if (!audio.current) {
      audio.current = new Audio();
      audio.current.addEventListener('ended', () => setPlaying(null));
    }
    const player = audio.current;
    if (playing === chime.id) {
      player.pause();
      setPlaying(null);
      return;
    }
    player.src = chime.url;
    player.currentTime = 0;
    setPlaying(chime.id);
    player.play().catch(() => setPlaying(null));
  };

  // Counts the server answered for downloads made here (the selected chime's too).
  const [counts, setCounts] = useState<Readonly<Record<number, number>>>({});
  const counted = (id: number, downloads: number) => setCounts((now) => ({ ...now, [id]: downloads }));
  const [removedIds, setRemovedIds] = useState<readonly number[]>([]);
  const removed = (id: number) => setRemovedIds((now) => [...now, id]);

  const shown = selected ? [selected, ...items.filter((c) => c.id !== selected.id)] : items;
  const list = shown
    .filter((c) => !removedIds.includes(c.id))
    .map((c) => (counts[c.id] === undefined ? c : { ...c, downloads: counts[c.id] as number }));
  return (
    <section className="mt-10" aria-labelledby="popular-chimes-heading" data-testid="popular-chimes">
      <h2 id="popular-chimes-heading" className="mb-3 px-1 text-lg font-bold">
        {M.popularHeading}
      </h2>
      {selectedMissing ? (
        <p
          role="alert"
          className="mb-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          {M.chimeMissing}
        </p>
      ) : null}
      {list.length === 0 && !failed ? (
        <p className="rounded-2xl bg-gray-50 px-4 py-8 text-center text-sm text-gray-500 dark:bg-gray-900 dark:text-gray-400">
          {M.popularEmpty}
        </p>
      ) : null}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {list.map((chime) => (
          <ChimeCard
            key={chime.id}
            chime={chime}
            isSelected={chime.id === selected?.id}
            isPlaying={playing === chime.id}
            onToggle={() => toggle(chime)}
            onEdit={() => onEdit(chime)}
            onCounted={(downloads) => counted(chime.id, downloads)}
            onDeleted={() => removed(chime.id)}
          />
        ))}
      </ul>
      {failed ? (
        <div className="mt-3 flex items-center justify-center gap-3 text-sm text-gray-500">
          {M.popularFailed}
          <Button variant="outline" size="sm" onClick={() => load(page)}>
            {M.retry}
          </Button>
        </div>
      ) : hasMore ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => load(page + 1)} data-testid="popular-chimes-more">
            {M.loadMore}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

type ChimeCardProps = {
  chime: Chime;
  isSelected: boolean;
  isPlaying: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onCounted: (downloads: number) => void;
  onDeleted: () => void;
};

const ICON_BUTTON =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-primary-500';

function ChimeCard({ chime, isSelected, isPlaying, onToggle, onEdit, onCounted, onDeleted }: ChimeCardProps) {
  const api = useApi();
  const toast = useToast();
  const viewer = useRootData()?.viewer ?? null;
  const [confirming, setConfirming] = useState(false);
  const isOwn = viewer?.uid === chime.uid;

  return (
    <li
      data-testid="chime-card"
      data-chime-id={chime.id}
      className={cn(
        'flex min-w-0 items-center gap-3 rounded-2xl border p-3',
        isSelected
          ? 'border-primary-400 bg-primary-50/60 dark:border-primary-700 dark:bg-primary-950/40'
          : 'border-gray-200 dark:border-gray-800',
      )}
    >
      <button
        type="button"
        onClick={onToggle}
        aria-label={formatMessage(isPlaying ? M.stopPreview : M.preview, { title: chime.title })}
        aria-pressed={isPlaying}
        data-testid="chime-play"
        className={cn(ICON_BUTTON, 'bg-primary-600 text-white hover:bg-primary-700')}
      >
        {isPlaying ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
      </button>
      <div className="min-w-0 flex-1">
        {isSelected ? <p className="text-xs text-primary-700 dark:text-primary-300">{M.sharedChime}</p> : null}
        <p className="truncate font-medium" data-testid="chime-title">
          {chime.title}
        </p>
        <p className="truncate text-xs text-gray-500 dark:text-gray-400">
          {formatMessage(M.byline, {
            nickname: chime.nickname,
            duration: formatSeconds(chime.durationMs),
            downloads: chime.downloads,
          })}
        </p>
      </div>
      <button
        type="button"
        onClick={onEdit}
        aria-label={`${M.useChime}：${chime.title}`}
        title={M.useChime}
        className={cn(ICON_BUTTON, 'text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800')}
      >
        <Wand2 aria-hidden="true" className="size-5" />
      </button>
      {isOwn ? (
        <button
          type="button"
          data-testid="chime-delete"
          onClick={() => {
            if (!confirming) {
              setConfirming(true);
              return;
            }
            api.call(chimeDelete, { id: chime.id }).then(
              () => {
                toast.show(M.deleted, { tone: 'success' });
                onDeleted();
              },
              (error: Error) => toast.show(error.message, { tone: 'error' }),
            );
          }}
          onBlur={() => setConfirming(false)}
          className={cn(
            'inline-flex h-10 shrink-0 items-center gap-1 rounded-full px-3 text-sm transition-colors',
            confirming
              ? 'bg-red-600 text-white'
              : 'text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950',
          )}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {confirming ? `${M.deleteChime}？` : M.deleteChime}
        </button>
      ) : null}
      <a
        href={chime.url}
        download="LockChime.wav"
        data-testid="chime-download"
        aria-label={formatMessage(M.downloadChime, { title: chime.title })}
        onClick={(event) => {
          // One tap: counted, fetched and saved as LockChime.wav (the link itself is the no-script way).
          event.preventDefault();
          api.call(chimeDownload, { id: chime.id }).then(
            (answer) => onCounted(answer.downloads),
            () => {
              // The file downloads anyway; the count is the server's business.
            },
          );
          fetch(chime.url)
            .then((response) => {
              if (!response.ok) throw new Error(`HTTP ${response.status}`);
              return response.blob();
            })
            .then(
              (blob) => saveBlob(blob, 'LockChime.wav'),
              () => toast.show(M.downloadFailed, { tone: 'error' }),
            );
        }}
        className={cn(ICON_BUTTON, 'bg-gray-100 text-gray-700 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-200')}
      >
        <Download aria-hidden="true" className="size-5" />
      </a>
    </li>
  );
}
