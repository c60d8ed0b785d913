/**
 * VAST 3/4 (an ad server's answer to the ad tag): the first linear creative of the first
 * inline ad, the parts the pre-roll needs. A small XML reader of our own (no DOM needed,
 * so it is unit-tested in Node): elements, attributes, text and CDATA; comments,
 * processing instructions and doctypes skipped.
 */

export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

export type VastMediaFile = { url: string; type: string; width: number; height: number; bitrate: number };
export type VastAd = {
  /** Seconds after which 跳过 shows; null = not skippable. */
  skipOffset: number | null;
  duration: number;
  mediaFiles: VastMediaFile[];
  impressions: string[];
  clickThrough: string | null;
  /** Tracking URLs by event (start, firstQuartile, midpoint, thirdQuartile, complete, skip, …). */
  tracking: Record<string, string[]>;
  errors: string[];
};
/** A wrapper pointing at another VAST document (followed a few levels deep). */
export type VastResult =
  | { kind: 'inline'; ad: VastAd }
  | { kind: 'wrapper'; next: string; impressions: string[]; tracking: Record<string, string[]> }
  | { kind: 'empty' };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

/** Parses XML into a tree; throws on broken nesting. Names keep their case, prefixes dropped. */
export function parseXml(source: string): XmlElement {
  const root: XmlElement = { name: '#root', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let index = 0;
  while (index < source.length) {
    const open = source.indexOf('<', index);
    const top = stack[stack.length - 1] as XmlElement;
    if (open === -1) {
      top.text += decodeEntities(source.slice(index));
      break;
    }
    if (open > index) top.text += decodeEntities(source.slice(index, open));
    if (source.startsWith('<![CDATA[', open)) {
      const end = source.indexOf(']]>', open);
      if (end === -1) throw new Error('unterminated CDATA');
      top.text += source.slice(open + 9, end);
      index = end + 3;
    } else if (source.startsWith('<!--', open)) {
      const end = source.indexOf('-->', open);
      if (end === -1) throw new Error('unterminated comment');
      index = end + 3;
    } else if (source.startsWith('<?', open) || source.startsWith('<!', open)) {
      const end = source.indexOf('>', open);
      if (end === -1) throw new Error('unterminated declaration');
      index = end + 1;
    } else {
      const end = source.indexOf('>', open);
      if (end === -1) throw new Error('unterminated tag');
      const tag = source.slice(open + 1, end);
      index = end + 1;
      if (tag.startsWith('/')) {
        const name = localName(tag.slice(1).trim());
        const closing = stack.pop();
        if (!closing || closing === root || closing.name !== name) throw new Error(`unexpected </${name}>`);
        continue;
      }
      const selfClosing = tag.endsWith('/');
      const body = selfClosing ? tag.slice(0, -1) : tag;
      const nameEnd = body.search(/\s|$/);
      const element: XmlElement = { name: localName(body.slice(0, nameEnd)), attributes: {}, children: [], text: '' };
      for (const match of body.slice(nameEnd).matchAll(ATTRIBUTE)) {
        element.attributes[localName(match[1] as string)] = decodeEntities(match[3] ?? match[4] ?? '');
      }
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length !== 1) throw new Error('unclosed element');
  return root;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}
function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element?.children.filter((c) => c.name === name) ?? [];
}
/** Every descendant named `name`, in document order. */
function descendants(element: XmlElement | undefined, name: string): XmlElement[] {
  if (!element) return [];
  const found: XmlElement[] = [];
  for (const c of element.children) {
    if (c.name === name) found.push(c);
    found.push(...descendants(c, name));
  }
  return found;
}
function urlOf(element: XmlElement | undefined): string | null {
  const text = element?.text.trim() ?? '';
  return /^https?:\/\//i.test(text) ? text : null;
}

/** "HH:MM:SS(.mmm)" in seconds; NaN when it is not one. */
export function parseVastTime(value: string): number {
  const match = /^(\d+):([0-5]?\d):([0-5]?\d(?:\.\d+)?)$/.exec(value.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** A skipoffset ("HH:MM:SS" or "n%") in seconds for an ad of `duration`; null when absent or bad. */
export function parseSkipOffset(value: string | undefined, duration: number): number | null {
  if (value === undefined) return null;
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(value.trim());
  if (percent) return Number.isFinite(duration) ? (Number(percent[1]) / 100) * duration : null;
  const seconds = parseVastTime(value);
  return Number.isFinite(seconds) ? seconds : null;
}

function trackingOf(linear: XmlElement | undefined): Record<string, string[]> {
  const tracking: Record<string, string[]> = {};
  for (const event of descendants(child(linear, 'TrackingEvents'), 'Tracking')) {
    const name = event.attributes.event;
    const url = urlOf(event);
    if (!name || !url) continue;
    tracking[name] = [...(tracking[name] ?? []), url];
  }
  return tracking;
}

/** The media types a browser's <video> plays. */
const PLAYABLE_TYPES = new Set(['video/mp4', 'video/webm', 'video/ogg']);

/** Reads a VAST document: its first inline linear ad, a wrapper to follow, or nothing to play. */
export function parseVast(xml: string): VastResult {
  const vast = child(parseXml(xml), 'VAST');
  if (!vast) throw new Error('not a VAST document');
  const ad = child(vast, 'Ad');
  if (!ad) return { kind: 'empty' };
  const wrapper = child(ad, 'Wrapper');
  if (wrapper) {
    const next = urlOf(child(wrapper, 'VASTAdTagURI'));
    if (!next) return { kind: 'empty' };
    const linear = descendants(wrapper, 'Linear')[0];
    return {
      kind: 'wrapper',
      next,
      impressions: childrenNamed(wrapper, 'Impression')
        .map(urlOf)
        .filter((u): u is string => u !== null),
      tracking: trackingOf(linear),
    };
  }
  const inline = child(ad, 'InLine');
  const linear = descendants(inline, 'Linear')[0];
  if (!inline || !linear) return { kind: 'empty' };
  const duration = parseVastTime(child(linear, 'Duration')?.text ?? '');
  const mediaFiles = descendants(child(linear, 'MediaFiles'), 'MediaFile')
    .map((file) => ({
      url: urlOf(file) ?? '',
      type: (file.attributes.type ?? '').toLowerCase(),
      width: Number(file.attributes.width) || 0,
      height: Number(file.attributes.height) || 0,
      bitrate: Number(file.attributes.bitrate) || 0,
    }))
    .filter((file) => file.url !== '' && PLAYABLE_TYPES.has(file.type) && file.width >= 0);
  return {
    kind: 'inline',
    ad: {
      skipOffset: parseSkipOffset(linear.attributes.skipoffset, duration),
      duration: Number.isFinite(duration) ? duration : 0,
      mediaFiles,
      impressions: childrenNamed(inline, 'Impression')
        .map(urlOf)
        .filter((u): u is string => u !== null),
      clickThrough: urlOf(child(child(linear, 'VideoClicks'), 'ClickThrough')),
      tracking: trackingOf(linear),
      errors: childrenNamed(inline, 'Error')
        .map(urlOf)
        .filter((u): u is string => u !== null),
    },
  };
}

/** The media file to play: mp4 first, the one whose width is nearest to the player's. */
export function pickMediaFile(files: readonly VastMediaFile[], playerWidth: number): VastMediaFile | null {
  let best: VastMediaFile | null = null;
  for (const file of files) {
    if (!best) {
      best = file;
      continue;
    }
    const mp4 = file.type === 'video/mp4';
    const bestMp4 = best.type === 'video/mp4';
    if (mp4 !== bestMp4) {
      if (mp4) best = file;
      continue;
    }
    if (Math.abs(file.width - playerWidth) < Math.abs(best.width - playerWidth)) best = file;
  }
  return best;
}

/** Quartile tracking events reached at `time` of `duration` (start once playing). */
export function quartilesReached(time: number, duration: number): string[] {
  if (!(duration > 0)) return [];
  const ratio = time / duration;
  const reached = ['start'];
  if (ratio >= 0.25) reached.push('firstQuartile');
  if (ratio >= 0.5) reached.push('midpoint');
  if (ratio >= 0.75) reached.push('thirdQuartile');
  return reached;
}
