import type { UploadedImage, UploadedVideo } from '@evcircle/contract/client';
import { type Dispatch, useCallback, useEffect, useRef } from 'react';
import { type MediaKind, uploadMedia } from '~/features/uploads/index.ts';
import { useRootData } from '~/lib/root-data.ts';
import type { ComposerAction } from './composer-state.ts';
import { PUBLISH_MESSAGES } from './messages.ts';

function isVideoResult(result: UploadedImage | UploadedVideo): result is UploadedVideo {
  return 'coverUrl' in result;
}

/** Progress is redrawn at most this often per file (XHR reports far more often). */
const PROGRESS_STEP = 0.02;

/**
 * Runs the uploads of the composer: each picked file uploads at once with its own
 * progress, can be cancelled (removing it aborts the request) and retried. Leaving the
 * page aborts whatever is still running.
 */
export function useMediaUploads(dispatch: Dispatch<ComposerAction>) {
  const signSecret = useRootData()?.publicConfig.signSecret;
  const running = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const uploads = running.current;
    return () => {
      for (const controller of uploads.values()) controller.abort();
      uploads.clear();
    };
  }, []);

  /** Starts (or restarts) the upload of item `id`; its state must already say 'uploading'. */
  const start = useCallback(
    (id: string, file: File, kind: MediaKind) => {
      running.current.get(id)?.abort();
      const controller = new AbortController();
      running.current.set(id, controller);
      let shown = 0;
      uploadMedia(file, kind, {
        signSecret,
        signal: controller.signal,
        onProgress: (fraction) => {
          if (fraction < 1 && Math.abs(fraction - shown) < PROGRESS_STEP) return;
          shown = fraction;
          dispatch({ type: 'uploadProgress', id, progress: fraction });
        },
      })
        .then((result) => {
          if (controller.signal.aborted) return;
          if (isVideoResult(result)) {
            dispatch({
              type: 'videoStored',
              id,
              stored: { src: result.path, coverUrl: result.coverUrl, duration: result.duration },
            });
          } else {
            dispatch({
              type: 'imageStored',
              id,
              stored: { src: result.path, width: result.width, height: result.height },
            });
          }
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const message =
            error instanceof Error && error.message ? error.message : PUBLISH_MESSAGES.uploadFailedFallback;
          dispatch({ type: 'uploadFailed', id, error: message });
        })
        .finally(() => {
          if (running.current.get(id) === controller) running.current.delete(id);
        });
    },
    [dispatch, signSecret],
  );

  /** Stops the upload of item `id`, if one runs (the item is being removed). */
  const cancel = useCallback((id: string) => {
    running.current.get(id)?.abort();
    running.current.delete(id);
  }, []);

  return { start, cancel };
}
