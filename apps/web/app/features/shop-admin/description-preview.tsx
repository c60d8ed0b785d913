import { DESCRIPTION_IMAGE_SRC, DESCRIPTION_TAGS } from '@evcircle/contract/client';
import { createElement, type ReactNode } from 'react';

/** The tags a description keeps (the server's sanitizer keeps the same); others leave their text. */
const ALLOWED: ReadonlySet<string> = new Set(DESCRIPTION_TAGS);
/** Tags whose content goes with them. */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math']);

const CLASSES: Record<string, string> = {
  p: 'my-2',
  ul: 'my-2 list-disc pl-5',
  ol: 'my-2 list-decimal pl-5',
  h3: 'mt-3 mb-1 text-base font-semibold',
  h4: 'mt-3 mb-1 text-sm font-semibold',
  img: 'my-2 max-w-full rounded',
};

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = [...element.childNodes].map(toReact);
  if (!ALLOWED.has(tag)) return children;
  if (tag === 'img') {
    const src = element.getAttribute('src') ?? '';
    if (!DESCRIPTION_IMAGE_SRC.test(src)) return null;
    return createElement('img', { key, src, alt: element.getAttribute('alt') ?? '', className: CLASSES.img });
  }
  if (tag === 'br') return createElement('br', { key });
  return createElement(tag, { key, className: CLASSES[tag] }, ...children);
}

/**
 * The description as the shop will show it, built as React elements from a parsed copy
 * (DOMParser runs nothing): only the allowed tags, img with src and alt alone.
 */
export function DescriptionPreview({ html }: { html: string }) {
  if (typeof DOMParser === 'undefined') return null;
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return (
    <div data-testid="description-preview" className="text-sm leading-relaxed break-words">
      {[...body.childNodes].map(toReact)}
    </div>
  );
}
