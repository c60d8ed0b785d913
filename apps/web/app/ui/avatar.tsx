import { cn } from './cn.ts';

type AvatarProps = { src: string; name: string; size?: number; className?: string };

/**
 * A round avatar. The name's first character sits underneath the image, so a missing or
 * broken image (empty alt: the browser draws nothing) still shows something, with no JS.
 */
export function Avatar({ src, name, size = 32, className }: AvatarProps) {
  const initial = Array.from(name.trim())[0] ?? '?';
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
        'bg-primary-100 font-medium text-primary-700 dark:bg-primary-900 dark:text-primary-200',
        className,
      )}
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      <span aria-hidden="true">{initial}</span>
      {src ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : null}
    </span>
  );
}
