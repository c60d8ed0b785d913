import { DESCRIPTION_IMAGE_SRC, DESCRIPTION_TAGS } from '@evcircle/contract';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...DESCRIPTION_TAGS],
  allowedAttributes: { img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  // Everything else goes with its content when it can run or style (script, style …), or
  // leaves its text behind (div, span, a …).
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !DESCRIPTION_IMAGE_SRC.test(frame.attribs.src ?? ''),
};

/**
 * A product description as safe HTML: only p, br, strong, em, ul, ol, li, h3, h4 and
 * img (src and alt; src http(s) or /files/…), no other attribute. Saving stores the
 * result and answers run it again, so a row written any other way is safe too.
 */
export function safeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
