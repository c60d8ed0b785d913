import { Skeleton } from '~/ui/skeleton.tsx';

/** The shape of a card while its page loads. `tall` varies the cover so columns look natural. */
export function PostCardSkeleton({ isTall = false }: { isTall?: boolean }) {
  return (
    <div
      data-testid="post-skeleton"
      className="overflow-hidden rounded-xl bg-white ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
    >
      <Skeleton className={isTall ? 'aspect-[3/4] rounded-none' : 'aspect-square rounded-none'} />
      <div className="space-y-2 p-2.5">
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-2/3" />
        <div className="flex items-center gap-1.5 pt-1">
          <Skeleton className="size-5 rounded-full" />
          <Skeleton className="h-3 w-16" />
        </div>
      </div>
    </div>
  );
}
