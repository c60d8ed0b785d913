/**
 * Reads a response's body to the end in its chunks, reporting the fraction received
 * (null when the server gave no length): the downloads of the audio tools (a post's
 * video, a shared chime, the FFmpeg core) show a progress bar. The caller checked `ok`.
 */
export async function readBodyWithProgress(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  contentLength: string | null,
  onProgress: (fraction: number | null) => void,
): Promise<Uint8Array<ArrayBuffer>[]> {
  const total = Number(contentLength) || 0;
  const reader = body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onProgress(total > 0 ? Math.min(1, received / total) : null);
  }
  return parts;
}
