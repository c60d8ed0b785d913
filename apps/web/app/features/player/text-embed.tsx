import { useMemo } from 'react';
import { findVideoEmbed } from './embeds.ts';
import { VideoPlayer } from './video-player.tsx';

type TextVideoEmbedProps = {
  /** A post's text: its first video-site link (YouTube, Bilibili) plays here. */
  text: string;
  label: string;
  className?: string;
};

/** The player of the video-site video a text links (16:9), or nothing when it links none. */
export function TextVideoEmbed({ text, label, className }: TextVideoEmbedProps) {
  const embed = useMemo(() => findVideoEmbed(text), [text]);
  if (!embed) return null;
  return (
    <div className={className}>
      <VideoPlayer src="" embed={embed} label={label} className="aspect-video w-full" />
    </div>
  );
}
