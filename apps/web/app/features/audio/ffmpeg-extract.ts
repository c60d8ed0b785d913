// The FFmpeg WebAssembly fallback (docs/decisions/0023-media.md): only for files the
// browser cannot decode itself. Loaded with import() on first need, so no page carries it.
// @ffmpeg/core is the single-thread build (no SharedArrayBuffer, no COOP/COEP needed); its
// script and .wasm ship in the npm package and Vite emits them as hashed assets of our own
// build (served by our server with a year-long immutable cache), never from a CDN.
// Licence: @ffmpeg/core is FFmpeg compiled to WebAssembly, GPL-2.0-or-later; it is sent to
// the browser unmodified as a separate program (the worker runs it), with its licence and
// source at the @ffmpeg/core npm package. @ffmpeg/ffmpeg and @ffmpeg/util are MIT.

import { CHIME_CHANNELS, CHIME_SAMPLE_RATE } from '@evcircle/contract/client';
import wasmUrl from '@ffmpeg/core/wasm?url';
import coreUrl from '@ffmpeg/core?url';
import { FFmpeg } from '@ffmpeg/ffmpeg';
import { AudioExtractError, type ExtractProgress } from './decoded.ts';
import { AUDIO_MESSAGES } from './messages.ts';
import { readBodyWithProgress } from './read-body.ts';

let loading: Promise<FFmpeg> | null = null;

/** Fetches the core's .wasm with progress and hands it to the worker as a blob URL. */
async function wasmBlobUrl(onProgress: (fraction: number | null) => void): Promise<string> {
  const response = await fetch(wasmUrl);
  if (!response.ok || !response.body) throw new Error(`ffmpeg-core.wasm: HTTP ${response.status}`);
  const parts = await readBodyWithProgress(response.body, response.headers.get('content-length'), onProgress);
  return URL.createObjectURL(new Blob(parts, { type: 'application/wasm' }));
}

/** The one FFmpeg of this page, loaded once (a failed load is tried again next time). */
function loadFfmpeg(onProgress: (progress: ExtractProgress) => void): Promise<FFmpeg> {
  if (!loading) {
    loading = (async () => {
      onProgress({ stage: 'stageLoadingFfmpeg', fraction: 0 });
      let wasm: string;
      try {
        wasm = await wasmBlobUrl((fraction) => onProgress({ stage: 'stageLoadingFfmpeg', fraction }));
      } catch (error) {
        throw new AudioExtractError(AUDIO_MESSAGES.ffmpegLoadFailed, { cause: error });
      }
      const ffmpeg = new FFmpeg();
      try {
        await ffmpeg.load({ coreURL: new URL(coreUrl, window.location.href).href, wasmURL: wasm });
      } catch (error) {
        ffmpeg.terminate();
        throw new AudioExtractError(AUDIO_MESSAGES.ffmpegInitFailed, { cause: error });
      } finally {
        URL.revokeObjectURL(wasm);
      }
      return ffmpeg;
    })();
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** A file name FFmpeg's virtual disk takes: the original extension (it guides probing), nothing else. */
function inputName(fileName: string): string {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension ? `input.${extension}` : 'input';
}

/**
 * The whole audio of a file as a WAV, 44.1 kHz, 2 channels, 16-bit (SPEC.md §9), made by
 * FFmpeg in a worker. Failures: 无法加载FFmpeg模块 (the code or .wasm did not arrive),
 * FFmpeg初始化失败 (it would not start), 音频提取失败 (no audio, or FFmpeg failed).
 */
export async function extractWavWithFfmpeg(
  bytes: ArrayBuffer,
  fileName: string,
  onProgress: (progress: ExtractProgress) => void,
): Promise<Uint8Array> {
  const ffmpeg = await loadFfmpeg(onProgress);
  const input = inputName(fileName);
  const output = 'output.wav';
  const report = ({ progress }: { progress: number }) =>
    onProgress({ stage: 'stageFfmpeg', fraction: Math.max(0, Math.min(1, progress)) });
  onProgress({ stage: 'stageFfmpeg', fraction: 0 });
  ffmpeg.on('progress', report);
  try {
    await ffmpeg.writeFile(input, new Uint8Array(bytes.slice(0)));
    const code = await ffmpeg.exec([
      '-i',
      input,
      '-vn',
      '-map_metadata',
      '-1',
      '-ac',
      String(CHIME_CHANNELS),
      '-ar',
      String(CHIME_SAMPLE_RATE),
      '-c:a',
      'pcm_s16le',
      '-f',
      'wav',
      output,
    ]);
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}`);
    const data = await ffmpeg.readFile(output);
    if (typeof data === 'string' || data.length <= 44) throw new Error('ffmpeg wrote no audio');
    return data;
  } catch (error) {
    throw new AudioExtractError(AUDIO_MESSAGES.extractFailed, { cause: error });
  } finally {
    ffmpeg.off('progress', report);
    await Promise.allSettled([ffmpeg.deleteFile(input), ffmpeg.deleteFile(output)]);
  }
}
