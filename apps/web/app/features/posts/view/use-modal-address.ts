import { useModalAddress as useListModalAddress } from '~/lib/use-modal-address.ts';

/** The post modal's address (SPEC.md §2): modal=true&postId&index over the list. */
export function useModalAddress() {
  return useListModalAddress('postId');
}
