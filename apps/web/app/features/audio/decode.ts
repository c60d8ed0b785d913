import { CHIME_CHANNELS, CHIME_SAMPLE_RATE } from '@evcircle/contract/client';
import { AudioExtractError, type DecodedAudio, type ExtractProgress } from './decoded.ts';
import { toStereo } from './edit.ts';
import { AUDIO_MESSAGES } from './messages.ts';
import { readBodyWithProgress } from './read-body.ts';
import { decodeWav } from './wav-read.ts';

/**
 * The browser's own decoder: an OfflineAudioContext at 44.1 kHz decodes (and resamples
 * to its rate) whatever the browser plays (MP3, AAC in MP4/MOV, Opus and Vorbis in WebM,
 * WAV, FLAC); a mono source becomes two equal channels. Rejects when the browser cannot
 * decode the bytes.
 */
export async function decodeWithWebAudio(bytes: ArrayBuffer): Promise<DecodedAudio> {
  const context = new OfflineAudioContext(CHIME_CHANNELS, 1, CHIME_SAMPLE_RATE);
  // decodeAudioData detaches the buffer it gets: keep the caller's for the fallback.
  const buffer = await context.decodeAudioData(bytes.slice(0));
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
  return { channels: toStereo(channels), sampleRate: CHIME_SAMPLE_RATE };
}

/**
 * Decodes the audio of an audio or video file to 44.1 kHz stereo: Web Audio first (no
 * download, fast), and only when the browser cannot decode the file, the FFmpeg
 * WebAssembly build, loaded from our own server on first use (docs/decisions/0023-media.md).
 * Failures are AudioExtractError with SPEC.md §8's messages.
 */
export async function decodeAudioFile(
  bytes: ArrayBuffer,
  fileName: string,
  onProgress: (progress: ExtractProgress) => void = () => {},
): Promise<DecodedAudio> {
  onProgress({ stage: 'stageDecoding', fraction: null });
  try {
    return await decodeWithWebAudio(bytes);
  } catch {
    // The browser cannot decode it: FFmpeg below.
  }
  let ffmpeg: typeof import('./ffmpeg-extract.ts');
  try {
    ffmpeg = await import('./ffmpeg-extract.ts');
  } catch (error) {
    throw new AudioExtractError(AUDIO_MESSAGES.ffmpegLoadFailed, { cause: error });
  }
  const wav = await ffmpeg.extractWavWithFfmpeg(bytes, fileName, onProgress);
  try {
    return decodeWav(wav);
  } catch (error) {
    throw new AudioExtractError(AUDIO_MESSAGES.extractFailed, { cause: error });
  }
}

/**
 * Reads a URL on this site (a post's video, a shared chime) with download progress.
 * Failures are AudioExtractError('视频下载失败…').
 */
export async function fetchWithProgress(
  url: string,
  onProgress: (fraction: number | null) => void,
): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (error) {
    throw new AudioExtractError(AUDIO_MESSAGES.fetchFailed, { cause: error });
  }
  if (!response.ok || !response.body) throw new AudioExtractError(AUDIO_MESSAGES.fetchFailed);
  const parts = await readBodyWithProgress(response.body, response.headers.get('content-length'), onProgress);
  return new Blob(parts).arrayBuffer();
}
