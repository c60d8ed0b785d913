import type { ReactNode } from 'react';

/** One label and value of an order's facts (a `<dl>` grid of two columns). */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
