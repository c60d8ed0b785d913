import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ColorModeToggle } from '~/features/color-mode/index.ts';
import { type PolicyBlock, PRIVACY_INTRO, PRIVACY_META, PRIVACY_SECTIONS } from '~/features/legal/index.ts';
import type { RouteHandle } from '~/lib/route-handle.ts';
import type { Route } from './+types/privacy-policy';

export const handle: RouteHandle = { layout: 'none' };

export const meta: Route.MetaFunction = () => [
  { title: PRIVACY_META.documentTitle },
  { name: 'description', content: PRIVACY_META.description },
];

function Block({ block }: { block: PolicyBlock }) {
  if (block.kind === 'p') return <p>{block.text}</p>;
  return (
    <ul className="list-disc space-y-1.5 pl-5 marker:text-gray-400">
      {block.items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** Layout "none" (SPEC.md §2): a plain document, readable on any screen, printable. */
export default function PrivacyPolicyPage() {
  return (
    <div className="min-h-dvh bg-white dark:bg-gray-950">
      <div className="mx-auto max-w-3xl px-5 py-6 md:py-12">
        <div className="flex items-center justify-between print:hidden">
          <Link
            to="/"
            className="inline-flex items-center gap-1 text-sm text-gray-500 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {PRIVACY_META.backHome}
          </Link>
          <ColorModeToggle />
        </div>
        <article className="mt-6 text-[15px] leading-7 text-gray-700 dark:text-gray-300">
          <h1 className="text-2xl font-bold text-gray-900 md:text-3xl dark:text-white">{PRIVACY_META.title}</h1>
          <p className="mt-2 flex flex-wrap gap-x-4 text-sm text-gray-500 dark:text-gray-400">
            <span>{PRIVACY_META.updated}</span>
            <span>{PRIVACY_META.effective}</span>
          </p>
          <div className="mt-6 space-y-3">
            {PRIVACY_INTRO.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
          <nav
            aria-label={PRIVACY_META.contents}
            className="mt-8 rounded-xl bg-gray-50 p-4 text-sm dark:bg-gray-900 print:hidden"
          >
            <p className="font-medium text-gray-900 dark:text-white">{PRIVACY_META.contents}</p>
            <ol className="mt-2 grid gap-1 sm:grid-cols-2">
              {PRIVACY_SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="text-primary-700 hover:underline dark:text-primary-400">
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {PRIVACY_SECTIONS.map((section) => (
            <section key={section.id} id={section.id} className="mt-10 scroll-mt-6 space-y-3">
              <h2 className="text-lg font-semibold text-gray-900 dark:text-white">{section.title}</h2>
              {section.blocks.map((block, i) => (
                // Blocks are static text in a fixed order.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Block key={i} block={block} />
              ))}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
