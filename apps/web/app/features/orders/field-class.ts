/** The order forms' text field (the address form, the admin's search, ship and refund forms). */
export const fieldClass =
  'h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm outline-none focus:border-primary-500 focus:ring-2 focus:ring-primary-500/20 dark:border-gray-700 dark:bg-gray-900';
