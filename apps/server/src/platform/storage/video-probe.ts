import { stat } from 'node:fs/promises';
import { AppError } from '@evcircle/contract';
import { runMediaTool } from '../media-tools.ts';

/** The containers we store: what SPEC.md's video posts play in a plain video element. */
export type VideoContainer = 'mp4' | 'mov' | 'webm';

export type VideoFacts = {
  container: VideoContainer;
  /** Display size (a phone video's rotation applied). */
  width: number;
  height: number;
  durationMs: number;
  /** Whether it has a sound track (the HLS ladder encodes AAC only then). */
  hasAudio: boolean;
};

/** WebM holds only these video codecs; anything else in a Matroska file is an .mkv, which we refuse. */
const WEBM_VIDEO_CODECS = new Set(['vp8', 'vp9', 'av1']);
/** Reading a file's header takes milliseconds; this bounds a pathological one. */
const PROBE_TIMEOUT_MS = 20_000;
/** Remuxing a 200 MB file copies it once; allow more than a frame grab needs. */
const REMUX_TIMEOUT_MS = 120_000;

type ProbeStream = {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
};
type ProbeOutput = {
  format?: { format_name?: string; duration?: string; tags?: { major_brand?: string } };
  streams?: ProbeStream[];
};

function containerOf(probe: ProbeOutput, videoCodec: string): VideoContainer | null {
  const names = (probe.format?.format_name ?? '').split(',');
  if (names.includes('mp4') || names.includes('mov')) {
    // Both demux as "mov,mp4,…"; the brand tells a QuickTime file from an MP4.
    return probe.format?.tags?.major_brand?.trim() === 'qt' ? 'mov' : 'mp4';
  }
  if (names.includes('webm') && WEBM_VIDEO_CODECS.has(videoCodec)) return 'webm';
  return null;
}

function rotationOf(stream: ProbeStream): number {
  const fromSideData = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const degrees = fromSideData ?? Number(stream.tags?.rotate ?? 0);
  return Number.isFinite(degrees) ? Math.abs(degrees) % 180 : 0;
}

/**
 * What ffprobe reads from the bytes of an uploaded file (never its name): an MP4, MOV or
 * WebM container with a video stream of a real size and a duration, or VIDEO_INVALID.
 */
export async function probeVideo(sourcePath: string): Promise<VideoFacts> {
  const { code, stdout } = await runMediaTool(
    'ffprobe',
    ['-print_format', 'json', '-show_format', '-show_streams', sourcePath],
    PROBE_TIMEOUT_MS,
  );
  if (code !== 0) throw new AppError('VIDEO_INVALID');
  let probe: ProbeOutput;
  try {
    probe = JSON.parse(stdout) as ProbeOutput;
  } catch {
    throw new AppError('VIDEO_INVALID');
  }
  const video = probe.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video?.width || !video.height || !video.codec_name) throw new AppError('VIDEO_INVALID');
  const container = containerOf(probe, video.codec_name);
  // A still image (one frame, no duration) also has a "video" stream.
  const duration = Number(probe.format?.duration);
  if (!container || !Number.isFinite(duration) || duration <= 0) throw new AppError('VIDEO_INVALID');
  const swap = rotationOf(video) === 90;
  return {
    container,
    width: swap ? video.height : video.width,
    height: swap ? video.width : video.height,
    durationMs: Math.round(duration * 1000),
    hasAudio: probe.streams?.some((s) => s.codec_type === 'audio') ?? false,
  };
}

/**
 * Copies the streams of a probed video into a fresh file of the same container, without
 * re-encoding: every metadata block (a phone's GPS position, device names) is left
 * behind, and MP4/MOV get their index up front so playback starts before the whole file
 * has arrived. A file that cannot be remuxed is FILE_PROCESSING_FAILED.
 */
export async function remuxVideo(sourcePath: string, container: VideoContainer, outputPath: string): Promise<void> {
  const muxer = container === 'webm' ? ['-f', 'webm'] : ['-f', container, '-movflags', '+faststart'];
  const { code, stderr } = await runMediaTool(
    'ffmpeg',
    [
      '-i',
      sourcePath,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-c',
      'copy',
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      ...muxer,
      '-y',
      outputPath,
    ],
    REMUX_TIMEOUT_MS,
  );
  if (code === null) throw new Error(`ffmpeg was stopped after ${REMUX_TIMEOUT_MS} ms remuxing ${sourcePath}`);
  if (code !== 0) throw new AppError('FILE_PROCESSING_FAILED', { detail: stderr.trim().slice(0, 200) });
  const written = await stat(outputPath).catch(() => null);
  if (!written || written.size === 0) throw new AppError('FILE_PROCESSING_FAILED');
}
