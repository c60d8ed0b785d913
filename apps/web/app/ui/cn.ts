import { CLASS_MERGE_CACHE_SIZE } from '@evcircle/contract/client';
import { type ClassValue, clsx } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { classMergeConfig } from './class-merge-config.ts';

// primary-* and gray-* are theme colours (app.css); cool-* is the SPEC name of Tailwind's gray.
const merge = createTailwindMerge(() => ({ ...classMergeConfig(), cacheSize: CLASS_MERGE_CACHE_SIZE }));

/** Joins class names and lets later Tailwind classes win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
