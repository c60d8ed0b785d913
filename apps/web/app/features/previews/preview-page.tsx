import { Link } from 'react-router';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { PREVIEW_MESSAGES } from './messages.ts';
import { PREVIEW_NAMES, PREVIEWS, type PreviewData } from './preview-list.ts';

/** The component itself, loaded apart from the page (preview-body.tsx says why). */
const PreviewBody = lazyComponent(() => import('./preview-body.tsx').then((module) => module.PreviewBody));

/**
 * A component preview page: the index of a prefix, or one of the product's components
 * alone with fixed sample data. Nothing here writes: the sample post's buttons change
 * only this page's state, its links stay put, and a send says it was not sent.
 */
export function ComponentPreviewPage({ prefix, name }: PreviewData) {
  return (
    <div data-testid="component-preview" data-prefix={prefix} className="mx-auto w-full max-w-3xl px-4 py-4 md:py-8">
      {name ? (
        <>
          <Link
            to={prefix}
            data-testid="preview-back"
            className="text-sm text-gray-500 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white"
          >
            ‹ {PREVIEW_MESSAGES.allComponents}
          </Link>
          <h1 className="mt-2 text-xl font-bold md:text-2xl">{PREVIEWS[name].title}</h1>
          <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{PREVIEWS[name].hint}</p>
          <PreviewBody name={name} />
        </>
      ) : (
        <PreviewIndex prefix={prefix} />
      )}
    </div>
  );
}

function PreviewIndex({ prefix }: { prefix: PreviewData['prefix'] }) {
  return (
    <>
      <h1 className="text-xl font-bold md:text-2xl">{PREVIEW_MESSAGES.indexHeading}</h1>
      <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{PREVIEW_MESSAGES.indexIntro}</p>
      <ul data-testid="preview-index" className="mt-5 divide-y divide-gray-100 dark:divide-gray-800">
        {PREVIEW_NAMES.map((name) => (
          <li key={name}>
            <Link
              to={`${prefix}/${name}`}
              data-testid={`preview-link-${name}`}
              className="flex items-baseline justify-between gap-3 py-3 hover:text-primary-700 dark:hover:text-primary-300"
            >
              <span className="font-medium">{PREVIEWS[name].title}</span>
              <span className="truncate text-xs text-gray-500 dark:text-gray-400">{name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
