import { ApiError, aiTranslate, formatMessage } from '@evcircle/contract/client';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { cn } from '~/ui/cn.ts';
import { TRANSLATE_MESSAGES } from './translate-messages.ts';

export type TranslationPanelProps = {
  text: string;
  target: 'zh' | 'en';
  onClose: () => void;
  className?: string;
};

type Outcome =
  | { state: 'loading' }
  | { state: 'done'; text: string; sourceLang: string }
  | { state: 'failed'; message: string };

/** A language code in Chinese (en → 英语), or the code when the browser does not know it. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['zh-CN'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The translation of `text` under it: asked for when shown, then the text with the
 * language it came from and 收起; a refusal shows the server's message (翻译服务未配置,
 * 翻译服务返回无效响应, 翻译结果为空 …).
 */
export function TranslationPanel({ text, target, onClose, className }: TranslationPanelProps) {
  const api = useApi();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    setOutcome({ state: 'loading' });
    api.call(aiTranslate, { content: text, targetLang: target }).then(
      (answer) => {
        if (isCurrent) setOutcome({ state: 'done', text: answer.translatedText, sourceLang: answer.sourceLang });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setOutcome({
          state: 'failed',
          message: error instanceof ApiError ? error.message : TRANSLATE_MESSAGES.translateFailed,
        });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, text, target]);

  return (
    <div
      data-testid="translation"
      data-state={outcome.state}
      aria-live="polite"
      className={cn(
        'mt-2 rounded-lg border-l-2 border-primary-400 bg-gray-50 px-3 py-2 text-sm dark:border-primary-600 dark:bg-gray-800/60',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-2 text-xs text-gray-500 dark:text-gray-400">
        <span data-testid="translation-source">
          {outcome.state === 'done'
            ? formatMessage(TRANSLATE_MESSAGES.translatedFrom, { lang: languageName(outcome.sourceLang) })
            : TRANSLATE_MESSAGES.translation}
        </span>
        <button
          type="button"
          onClick={onClose}
          data-testid="translation-close"
          className="rounded-full px-2 py-0.5 font-medium hover:bg-gray-200 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-primary-500 dark:hover:bg-gray-700 dark:hover:text-gray-100"
        >
          {TRANSLATE_MESSAGES.collapse}
        </button>
      </div>
      {outcome.state === 'loading' ? (
        <p className="mt-1 flex items-center gap-1.5 text-gray-500 dark:text-gray-400">
          <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
          {TRANSLATE_MESSAGES.translating}
        </p>
      ) : outcome.state === 'failed' ? (
        <p role="alert" data-testid="translation-error" className="mt-1 text-red-600 dark:text-red-400">
          {outcome.message}
        </p>
      ) : (
        <p
          lang={target === 'en' ? 'en' : 'zh-CN'}
          data-testid="translation-text"
          className="mt-1 leading-relaxed break-words whitespace-pre-wrap text-gray-800 dark:text-gray-100"
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
}
