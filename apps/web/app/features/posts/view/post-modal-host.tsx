import { ApiError, type Post, type PostDetail, postDetail, STATUS } from '@evcircle/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { type ModalPreload, type ModalTarget, readModalTarget } from './modal-params.ts';
import { type ModalContent, PostModal } from './post-modal.tsx';

type Loaded = PostDetail | 'missing' | 'error';

/** A list's copy of a post, shown while its detail (with the viewer's like) is on its way. */
function fromListCopy(post: Post): PostDetail {
  return { ...post, islike: 0, checkin: 0, duration: 0, share_url: '' };
}

type PostModalHostProps = {
  target: ModalTarget;
  /** The list behind the modal, as loaded so far (previous / next walk through it). */
  posts: readonly Post[];
  /** What the server loaded for the address's modal (a reload with the modal keys). */
  preload: ModalPreload | null;
  imageBase: string;
  go: (target: ModalTarget) => void;
  close: () => void;
  /** The list is near its end: time to fetch its next page. */
  onNearEnd: () => void;
  /** Counts changed in the modal: the card behind shows them too. */
  onPatch: (pid: number, patch: Partial<Post>) => void;
  onRemove: (pid: number) => void;
  onRemoveAuthor: (uid: number) => void;
};

/**
 * The post modal's data: which post the address names, its place in the list (for
 * previous / next), and its detail, fetched once per post and kept while the list lives.
 */
export function PostModalHost({
  target,
  posts,
  preload,
  imageBase,
  go,
  close,
  onNearEnd,
  onPatch,
  onRemove,
  onRemoveAuthor,
}: PostModalHostProps) {
  const api = useApi();
  const [details, setDetails] = useState<Record<number, Loaded>>(() =>
    preload ? { [preload.postId]: preload.post ?? 'missing' } : {},
  );
  const pid = target.postId;
  const loaded = details[pid];

  // The address's index is a hint: the list may have moved (a refresh, a reload).
  const position = posts[target.index]?.pid === pid ? target.index : posts.findIndex((p) => p.pid === pid);
  const listCopy = position >= 0 ? posts[position] : undefined;

  const fetchDetail = useCallback(
    (id: number) => {
      api.call(postDetail, { pid: id }).then(
        ([post]) => setDetails((all) => ({ ...all, [id]: post ?? 'missing' })),
        (error: unknown) => {
          const isGone = error instanceof ApiError && error.status === STATUS.NOT_FOUND;
          setDetails((all) => ({ ...all, [id]: isGone ? 'missing' : 'error' }));
        },
      );
    },
    [api],
  );

  useEffect(() => {
    if (loaded === undefined) fetchDetail(pid);
  }, [pid, loaded, fetchDetail]);

  const postsRef = useRef(posts);
  postsRef.current = posts;
  /**
   * Previous / next from where the address is now: keys pressed in quick succession
   * must not step from a render the navigation has not caught up with yet.
   */
  const step = (offset: number) => {
    const list = postsRef.current;
    const now = readModalTarget(new URLSearchParams(window.location.search)) ?? target;
    const at = list[now.index]?.pid === now.postId ? now.index : list.findIndex((p) => p.pid === now.postId);
    const next = at + offset;
    const post = list[next];
    if (at < 0 || !post) return;
    go({ postId: post.pid, index: next });
    if (next >= list.length - 3) onNearEnd();
  };

  let content: ModalContent;
  if (loaded === 'missing' || loaded === 'error') content = { state: loaded };
  else if (loaded) content = { state: 'post', post: loaded, isDetailLoaded: true };
  else if (listCopy) content = { state: 'post', post: fromListCopy(listCopy), isDetailLoaded: false };
  else content = { state: 'loading' };

  return (
    <PostModal
      content={content}
      imageBase={imageBase}
      hasPrevious={position > 0}
      hasNext={position >= 0 && position < posts.length - 1}
      onPrevious={() => step(-1)}
      onNext={() => step(1)}
      onClose={close}
      onRetry={() => {
        setDetails((all) => {
          const { [pid]: _failed, ...rest } = all;
          return rest;
        });
      }}
      onChange={(patch) => {
        // Keep the detail in step too: stepping away and back shows the same counts.
        setDetails((all) => {
          const known = all[pid];
          return typeof known === 'object' ? { ...all, [pid]: { ...known, ...patch } } : all;
        });
        onPatch(pid, patch);
      }}
      onDeleted={() => {
        close();
        onRemove(pid);
      }}
      onBlocked={() => {
        const author = loaded && typeof loaded === 'object' ? loaded.uid : listCopy?.uid;
        close();
        if (author !== undefined) onRemoveAuthor(author);
      }}
    />
  );
}
