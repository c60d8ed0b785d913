import { stat } from 'node:fs/promises';
import path from 'node:path';
import { extractVideoFrame } from '../../platform/storage/video-frame.ts';
import { probeVideo, remuxVideo, type VideoContainer } from '../../platform/storage/video-probe.ts';

export type ProcessedVideo = {
  /** The remuxed video (no metadata), inside the work folder. */
  videoPath: string;
  extension: VideoContainer;
  contentType: string;
  sizeBytes: number;
  /** The first frame as JPEG, inside the work folder. */
  coverPath: string;
  width: number;
  height: number;
  durationMs: number;
};

const CONTENT_TYPES: Record<VideoContainer, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/**
 * Turns an uploaded file (already streamed to `sourcePath`) into the video we store: the
 * container is read from the bytes by ffprobe (a renamed non-video is VIDEO_INVALID),
 * duration and display size are recorded, the streams are copied into a clean file
 * (metadata such as a phone's GPS position left behind) and the first frame becomes the
 * cover. Files are written into `workDir`; the caller stores and removes them.
 */
export async function processVideo(sourcePath: string, workDir: string): Promise<ProcessedVideo> {
  const facts = await probeVideo(sourcePath);
  const videoPath = path.join(workDir, `video.${facts.container}`);
  await remuxVideo(sourcePath, facts.container, videoPath);
  const coverPath = path.join(workDir, 'cover.jpg');
  await extractVideoFrame(videoPath, 0, coverPath);
  const { size } = await stat(videoPath);
  return {
    videoPath,
    extension: facts.container,
    contentType: CONTENT_TYPES[facts.container],
    sizeBytes: size,
    coverPath,
    width: facts.width,
    height: facts.height,
    durationMs: facts.durationMs,
  };
}
