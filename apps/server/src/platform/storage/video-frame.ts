import { stat } from 'node:fs/promises';
import { AppError } from '@evcircle/contract';
import { runMediaTool } from '../media-tools.ts';

/** A frame grab never takes longer than this. */
const FRAME_TIMEOUT_MS = 20_000;

/**
 * Writes the frame at `offsetSeconds` of the video at `sourcePath` to `outputPath` as
 * JPEG (Qiniu `vframe/jpg/offset/N`). A file ffmpeg cannot decode, or an offset past the
 * end, is FILE_PROCESSING_FAILED; no ffmpeg on this machine is VIDEO_PROCESSING_UNAVAILABLE.
 */
export async function extractVideoFrame(sourcePath: string, offsetSeconds: number, outputPath: string): Promise<void> {
  const { code, stderr } = await runMediaTool(
    'ffmpeg',
    [
      // -ss before -i seeks by keyframe index instead of decoding everything before it.
      '-ss',
      String(offsetSeconds),
      '-i',
      sourcePath,
      '-frames:v',
      '1',
      '-an',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      '-q:v',
      '3',
      '-y',
      outputPath,
    ],
    FRAME_TIMEOUT_MS,
  );
  if (code === null) throw new Error(`ffmpeg was stopped after ${FRAME_TIMEOUT_MS} ms on ${sourcePath}`);
  // ffmpeg exits non-zero only when it cannot read the input: the stored file is broken.
  if (code !== 0) throw new AppError('FILE_PROCESSING_FAILED', { detail: stderr.trim().slice(-200) });
  const written = await stat(outputPath).catch(() => null);
  if (!written || written.size === 0) throw new AppError('FILE_PROCESSING_FAILED');
}
