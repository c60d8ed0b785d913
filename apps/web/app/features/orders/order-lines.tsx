import { type OrderLine, resolveMediaUrl } from '@evcircle/contract/client';
import { Link } from 'react-router';
import { Image } from '~/ui/image.tsx';

/** An order's lines as priced (checkout's preview, an order's copy): cover, title, spec, price × number. */
export function OrderLines({ lines, imageBase }: { lines: readonly OrderLine[]; imageBase: string }) {
  return (
    <ul className="divide-y divide-gray-100 dark:divide-gray-800">
      {lines.map((line) => (
        <li key={`${line.pid}:${line.sku_id}`} className="flex gap-3 py-3" data-testid="order-line">
          <Link to={`/product/${line.pid}`} className="block size-16 shrink-0 overflow-hidden rounded-lg md:size-20">
            <Image src={resolveMediaUrl(line.cover, imageBase)} width={80} height={80} alt="" className="size-full" />
          </Link>
          <div className="flex min-w-0 flex-1 flex-col">
            <Link
              to={`/product/${line.pid}`}
              data-testid="order-line-title"
              className="line-clamp-2 text-sm leading-snug font-medium hover:text-primary-700 dark:hover:text-primary-400"
            >
              {line.title}
            </Link>
            {line.spec_text ? (
              <p className="mt-0.5 truncate text-xs text-gray-500 dark:text-gray-400">{line.spec_text}</p>
            ) : null}
            <p className="mt-auto flex items-baseline justify-between pt-1 text-sm">
              <span className="text-gray-900 tabular-nums dark:text-gray-100">¥{line.price}</span>
              <span className="text-gray-500 tabular-nums dark:text-gray-400">×{line.number}</span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
