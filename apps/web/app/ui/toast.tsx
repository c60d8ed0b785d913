import { TOAST_DURATION_MS } from '@evcircle/contract/client';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from './cn.ts';

type ToastTone = 'info' | 'success' | 'error';

export type ToastOptions = {
  tone?: ToastTone;
  /** Milliseconds before it goes away; default 3000 (SPEC.md §9). `Infinity` keeps it until dismissed. */
  duration?: number;
  /** One button inside the toast, e.g. 重试 or 刷新. */
  action?: { label: string; onClick: () => void };
};

type ToastItem = ToastOptions & { id: number; message: string };

type ToastApi = {
  /** Shows a toast and returns its id. */
  show: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

const TONES: Record<ToastTone, string> = {
  info: 'bg-gray-900/90 text-white dark:bg-gray-100/95 dark:text-gray-900',
  success: 'bg-primary-700/95 text-white',
  error: 'bg-red-600/95 text-white',
};

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const duration = item.duration ?? TOAST_DURATION_MS;
  useEffect(() => {
    if (!Number.isFinite(duration)) return;
    const timer = setTimeout(() => onDismiss(item.id), duration);
    return () => clearTimeout(timer);
  }, [duration, item.id, onDismiss]);

  return (
    <div
      role={item.tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'pointer-events-auto flex max-w-[min(92vw,28rem)] items-center gap-3 rounded-full px-4 py-2 text-sm shadow-lg',
        TONES[item.tone ?? 'info'],
      )}
    >
      <span>{item.message}</span>
      {item.action ? (
        <button
          type="button"
          className="shrink-0 rounded-full bg-white/20 px-3 py-1 font-medium hover:bg-white/30"
          onClick={() => {
            item.action?.onClick();
            onDismiss(item.id);
          }}
        >
          {item.action.label}
        </button>
      ) : null}
    </div>
  );
}

/** Holds the toasts of the page and draws them above everything, centred near the top. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setItems((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback((message: string, options: ToastOptions = {}) => {
    const id = nextId.current++;
    setItems((all) => [...all, { ...options, id, message }]);
    return id;
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-3"
      >
        {items.map((item) => (
          <Toast key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext>
  );
}

/** Shows transient messages. Must be used under ToastProvider (the root layout has one). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
