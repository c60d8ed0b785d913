// The video player's public face: one component for every video of the app (posts, the post
// modal, chat, AI results), SSR-safe (poster and play button; the player, hls.js and any ad
// code load on first play); the same, loaded apart from a page's first load; and the player
// of the video-site video a post's text links.
export { LazyTextVideoEmbed, LazyVideoPlayer } from './lazy.ts';
export { VideoPlayer, type VideoPlayerProps } from './video-player.tsx';
