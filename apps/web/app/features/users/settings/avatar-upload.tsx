import { ApiError, formatMessage, resolveMediaUrl, uploadAvatar } from '@evcircle/contract/client';
import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { loadUploadClient } from '~/features/uploads/index.ts';
import { useRootData } from '~/lib/root-data.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Button } from '~/ui/button.tsx';
import { useToast } from '~/ui/toast.tsx';
import { USERS_MESSAGES } from './messages.ts';

/** Mirrors the server: up to 10 MB of an image format it decodes (checked again there, by content). */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
];

/** Why a chosen file cannot be an avatar, or null when it may be sent. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return USERS_MESSAGES.avatarNotImage;
  if (file.size > AVATAR_MAX_BYTES) return USERS_MESSAGES.avatarTooLarge;
  return null;
}

type AvatarUploadProps = {
  avatar: string;
  nickname: string;
  imageBase: string;
  /** The server stored the new avatar. */
  onUploaded: (url: string) => void;
};

/** The avatar with a 更换头像 button: instant preview, upload progress, server messages. */
export function AvatarUpload({ avatar, nickname, imageBase, onUploaded }: AvatarUploadProps) {
  const signSecret = useRootData()?.publicConfig.signSecret ?? '';
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The preview's object URL lives until it is replaced or the page goes.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  async function upload(file: File) {
    const problem = avatarFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    const form = new FormData();
    form.append('file', file);
    try {
      const client = await loadUploadClient(signSecret, setProgress);
      const result = await client.call(uploadAvatar, form);
      toast.show(USERS_MESSAGES.avatarUpdated, { tone: 'success' });
      onUploaded(result.url);
    } catch (err) {
      setPreview(null);
      setError(err instanceof ApiError ? err.message : USERS_MESSAGES.avatarFailed);
    } finally {
      setProgress(null);
    }
  }

  const isUploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className="flex items-center gap-4">
      <div className="relative" data-testid="avatar-preview" data-preview={preview ? 'true' : 'false'}>
        <Avatar src={preview ?? resolveMediaUrl(avatar, imageBase)} name={nickname} size={80} />
        {isUploading ? (
          <span
            className="absolute inset-0 flex items-center justify-center rounded-full text-xs font-semibold text-white"
            style={{
              background: `conic-gradient(rgb(255 255 255 / 0.35) ${percent}%, rgb(0 0 0 / 0.55) ${percent}% 100%)`,
            }}
          >
            {percent}%
          </span>
        ) : null}
      </div>
      <div className="min-w-0">
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="sr-only"
          data-testid="avatar-input"
          tabIndex={-1}
          aria-label={USERS_MESSAGES.changeAvatar}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        <Button variant="outline" size="sm" disabled={isUploading} onClick={() => input.current?.click()}>
          <Camera aria-hidden="true" className="size-4" />
          {isUploading ? formatMessage(USERS_MESSAGES.avatarUploading, { percent }) : USERS_MESSAGES.changeAvatar}
        </Button>
        {isUploading ? (
          <progress
            value={percent}
            max={100}
            aria-label={USERS_MESSAGES.changeAvatar}
            className="mt-2 block h-1.5 w-40 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-primary-600 dark:[&::-webkit-progress-bar]:bg-gray-800"
          />
        ) : null}
        <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">{USERS_MESSAGES.avatarHint}</p>
        {error ? (
          <p role="alert" data-testid="avatar-error" className="mt-1 text-xs text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
