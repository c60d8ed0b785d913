/** The admin forms' text field (the list's search, the category names, the product form). */
export const inputClass =
  'h-9 w-full rounded-lg border border-gray-300 bg-white px-2.5 text-sm outline-none focus:border-primary-500 focus:ring-2 focus:ring-primary-500/20 dark:border-gray-700 dark:bg-gray-900';
