import { Skeleton } from '~/ui/skeleton.tsx';

/** Three grey comment rows while the first page loads. */
export function CommentSkeleton() {
  return (
    <div data-testid="comments-skeleton" className="space-y-5 py-3">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-3">
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2 pt-1">
            <Skeleton className="h-3 w-24" />
            <Skeleton className={row === 1 ? 'h-4 w-2/3' : 'h-4 w-full'} />
            <Skeleton className="h-3 w-16" />
          </div>
        </div>
      ))}
    </div>
  );
}
