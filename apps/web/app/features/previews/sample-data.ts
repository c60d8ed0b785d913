import type { Image, Post } from '@evcircle/contract/client';
import { PREVIEW_MESSAGES } from './messages.ts';

/**
 * A fixed picture drawn here (an SVG data URL: nothing is fetched, nothing changes between
 * visits): a two-colour gradient with a road and a sun, `width`×`height`.
 */
function samplePicture(from: string, to: string, width: number, height: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.72}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.12}" fill="#fff" fill-opacity=".55"/><path d="M0 ${height * 0.78} Q${width * 0.5} ${height * 0.6} ${width} ${height * 0.74} V${height} H0Z" fill="#000" fill-opacity=".18"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Three images of different shapes, as a post's carousel gets them. */
export const SAMPLE_IMAGES: readonly Image[] = [
  { src: samplePicture('#2563eb', '#a855f7', 1200, 900), width: 1200, height: 900 },
  { src: samplePicture('#f97316', '#e11d48', 900, 1200), width: 900, height: 1200 },
  { src: samplePicture('#059669', '#0ea5e9', 1200, 1200), width: 1200, height: 1200 },
];

/** A video post as a list returns it (its cover an image of its own: no video is fetched). */
export const SAMPLE_VIDEO_POST: Post = {
  pid: 900_001,
  uid: 900_001,
  type: 'tesla',
  isvio: 1,
  likenum: 1288,
  sharenum: 36,
  playnum: 10_520,
  comments: 86,
  istla: 1,
  xy_sort: 0,
  ship: 0,
  xianyu: 0,
  goods: 0,
  vioinfo: [],
  imgpack: [],
  viosrc: '',
  viohls: '',
  viocaption: '',
  imgsrc: samplePicture('#0f172a', '#2563eb', 720, 960),
  avatar: samplePicture('#f59e0b', '#ef4444', 96, 96),
  xy_price: '0.00',
  xy_link: '',
  content: PREVIEW_MESSAGES.sampleVideoText,
  atime: '2026-11-20T08:30:00.000Z',
  uname: PREVIEW_MESSAGES.sampleAuthor,
  is_vip: 1,
  ismine: 0,
  isfollow: 0,
  location: '',
};

/** The counts under the sample post's detail (点赞 / 评论 / 分享). */
export const SAMPLE_COUNTS = { likes: 1288, comments: 86, shares: 36 } as const;
