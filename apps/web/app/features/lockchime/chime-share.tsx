import { CHIME_TITLE_MAX_LENGTH, chimeShare, uploadChime } from '@evcircle/contract/client';
import { Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { waveformPeaks } from '~/features/audio/index.ts';
import { useRequireLogin, useViewer } from '~/features/auth/index.ts';
import { loadUploadClient, uploadMedia } from '~/features/uploads/index.ts';
import { useApi } from '~/lib/api.ts';
import { useRootData } from '~/lib/root-data.ts';
import { Button } from '~/ui/button.tsx';
import { LOCKCHIME_MESSAGES as M } from './messages.ts';

type ChimeShareProps = {
  /** The chime's WAV as the download writes it. */
  render: () => Uint8Array<ArrayBuffer>;
  channels: readonly Float32Array[];
  selection: { startMs: number; endMs: number };
};

const PICTURE = { width: 1200, height: 630 };

/** The post's picture: the selected part's waveform under the title, drawn on a canvas, as PNG. */
async function waveformPicture(
  title: string,
  channels: readonly Float32Array[],
  selection: ChimeShareProps['selection'],
) {
  const canvas = document.createElement('canvas');
  canvas.width = PICTURE.width;
  canvas.height = PICTURE.height;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2d canvas');
  const gradient = g.createLinearGradient(0, 0, PICTURE.width, PICTURE.height);
  gradient.addColorStop(0, '#0f172a');
  gradient.addColorStop(1, '#14532d');
  g.fillStyle = gradient;
  g.fillRect(0, 0, PICTURE.width, PICTURE.height);
  g.fillStyle = '#ffffff';
  g.font = 'bold 56px "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif';
  g.fillText(title, 72, 130, PICTURE.width - 144);
  g.font = '32px "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif';
  g.fillStyle = '#bbf7d0';
  g.fillText('特斯拉锁车音 · LockChime.wav', 72, 190);
  const rate = 44_100;
  const from = Math.floor((selection.startMs * rate) / 1000);
  const to = Math.floor((selection.endMs * rate) / 1000);
  const part = channels.map((c) => c.subarray(from, to));
  const bars = 180;
  const peaks = waveformPeaks(part, bars);
  const left = 72;
  const span = PICTURE.width - 144;
  const mid = 420;
  g.fillStyle = '#4ade80';
  for (let i = 0; i < bars; i++) {
    const h = Math.max(3, (peaks[i] ?? 0) * 150);
    g.fillRect(left + (i * span) / bars, mid - h, Math.max(2, span / bars - 2), h * 2);
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('canvas.toBlob gave nothing');
  return new File([blob], 'lockchime-waveform.png', { type: 'image/png' });
}

/** 分享给车友: uploads the WAV and its waveform picture and publishes the chime as a Tesla post. */
export function ChimeShare({ render, channels, selection }: ChimeShareProps) {
  const viewer = useViewer();
  const requireLogin = useRequireLogin();
  const api = useApi();
  const signSecret = useRootData()?.publicConfig.signSecret ?? '';
  const inputId = useId();
  const [title, setTitle] = useState('');
  const [state, setState] = useState<
    { status: 'idle' } | { status: 'busy' } | { status: 'done'; pid: number } | { status: 'error'; message: string }
  >({ status: 'idle' });

  const share = async () => {
    const name = title.trim();
    if (!name) {
      setState({ status: 'error', message: M.titleRequired });
      return;
    }
    setState({ status: 'busy' });
    try {
      const wav = render();
      const form = new FormData();
      form.append('file', new File([wav], 'LockChime.wav', { type: 'audio/wav' }));
      const client = await loadUploadClient(signSecret, () => {});
      const uploaded = await client.call(uploadChime, form);
      const picture = await uploadMedia(await waveformPicture(name, channels, selection), 'image', { signSecret });
      const { pid } = await api.call(chimeShare, { path: uploaded.path, title: name, image: picture.path });
      setState({ status: 'done', pid });
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <section className="rounded-2xl border border-gray-200 p-4 dark:border-gray-800" data-testid="chime-share">
      <h3 className="mb-3 flex items-center gap-2 font-medium">
        <Share2 aria-hidden="true" className="size-4" />
        {M.shareHeading}
      </h3>
      {viewer ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1">
            <label htmlFor={inputId} className="text-sm">
              {M.shareTitleLabel}
            </label>
            <input
              id={inputId}
              value={title}
              maxLength={CHIME_TITLE_MAX_LENGTH}
              placeholder={M.shareTitlePlaceholder}
              onChange={(event) => setTitle(event.target.value)}
              data-testid="chime-share-title"
              className="h-10 w-full rounded-xl border border-gray-300 bg-white px-3 text-sm dark:border-gray-700 dark:bg-gray-900"
            />
          </div>
          <Button onClick={() => void share()} disabled={state.status === 'busy'} data-testid="chime-share-submit">
            {state.status === 'busy' ? M.sharing : M.shareButton}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3 text-sm text-gray-600 dark:text-gray-300">
          {M.shareLogin}
          <Button variant="outline" size="sm" onClick={() => requireLogin()}>
            {M.loginButton}
          </Button>
        </div>
      )}
      {state.status === 'done' ? (
        <p role="status" className="mt-3 text-sm text-primary-700 dark:text-primary-300" data-testid="chime-shared">
          {M.shared}{' '}
          <Link to={`/post/${state.pid}`} className="underline">
            {M.viewPost}
          </Link>
        </p>
      ) : null}
      {state.status === 'error' ? (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
