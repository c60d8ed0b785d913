// The audio feature's public face: decoding any audio or video file to 44.1 kHz stereo
// (Web Audio first, the FFmpeg WebAssembly build as the fallback), the pure edits, and the
// WAV writer. Heavy: only code that is itself loaded with import() (the lock-chime tools)
// may import it; FFmpeg loads from it only when the browser cannot decode a file.
export { decodeAudioFile, fetchWithProgress } from './decode.ts';
export { AudioExtractError, type DecodedAudio, type ExtractProgress } from './decoded.ts';
export {
  applyFades,
  framesOf,
  NORMALIZE_PEAK_DBFS,
  normalizePeak,
  peakOf,
  trim,
  waveformPeaks,
} from './edit.ts';
export { AUDIO_MESSAGES } from './messages.ts';
export { encodeWav, maxFramesFor, readWavHeader, WavTooLargeError, wavBytesFor } from './wav.ts';
