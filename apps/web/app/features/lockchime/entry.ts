// What other features need of /lockchime without loading it: the entry on video posts.

/** The lock-chime maker with a post's video loaded. */
export function lockchimeHref(pid: number): string {
  return `/lockchime?pid=${pid}`;
}

/** The entry's words: 提取音频 / 做锁车音 (phones show the second part only). */
export const LOCKCHIME_ENTRY = { extract: '提取音频 / ', chime: '做锁车音' } as const;
