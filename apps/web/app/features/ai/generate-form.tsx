import {
  AI_ASPECTS,
  AI_PROMPT_MAX_LENGTH,
  AI_STYLE_NAMES,
  AI_STYLES,
  type AiAspect,
  type AiGenerationInfo,
  type AiJob,
  type AiJobKind,
  type AiStyle,
  ApiError,
  aiTextToImage,
  aiTextToVideo,
  aiVipTextToImage,
  aiVipTextToVideo,
  formatMessage,
  STATUS,
  VIP_AI_DAILY_LIMIT,
} from '@evcircle/contract/client';
import { Crown, LoaderCircle, RotateCw, WandSparkles } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useRequireLogin } from '~/features/auth/index.ts';
import { useApi } from '~/lib/api.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Switch } from '~/ui/switch.tsx';
import { costOf, type GenerationMode, totalsText } from './generation-rules.ts';
import { AI_ASPECT_LABELS, AI_MESSAGES } from './messages.ts';

const DEFAULT_ASPECT: Record<AiJobKind, AiAspect> = { image: '1:1', video: '16:9' };
const VIP_COUNTS = [1, 2, 3, 4] as const;
/** SPEC.md §5: a generated video is always 5 seconds (the server forces it too). */
const VIDEO_SECONDS = 5;

type GenerateFormProps = {
  kind: AiJobKind;
  /** Today's uses and points; null when they could not be fetched. */
  info: AiGenerationInfo | null;
  onRetryInfo: () => void;
  /** A generation of this visit is still running: the next waits for it. */
  isBusy: boolean;
  /** The server took the generation: its job, queued. */
  onStarted: (job: AiJob) => void;
  /** The server answered (took it or refused it): the uses and points are fetched again. */
  onAnswered: () => void;
};

/** The prompt box, style and shape, 会员高清, what the next generation costs, and 生成. */
export function GenerateForm({ kind, info, onRetryInfo, isBusy, onStarted, onAnswered }: GenerateFormProps) {
  const api = useApi();
  const requireLogin = useRequireLogin();
  const ids = { prompt: useId(), hint: useId(), vip: useId(), vipHint: useId() };
  const [prompt, setPrompt] = useState('');
  const [style, setStyle] = useState<AiStyle>('auto');
  const [aspects, setAspects] = useState(DEFAULT_ASPECT);
  const [wantsVip, setWantsVip] = useState(false);
  const [count, setCount] = useState<number>(4);
  const [isUpsellShown, setUpsellShown] = useState(false);
  const [isStarting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const isMember = info?.vip.is_vip === 1;
  const mode: GenerationMode = wantsVip && isMember ? 'vip' : 'standard';
  const aspect = aspects[kind];
  const cost = info ? costOf(info, kind, mode) : null;
  const provider = info ? (kind === 'image' ? info.image.provider : info.video.provider) : null;
  const trimmed = prompt.trim();
  const canGenerate = trimmed !== '' && cost?.canGenerate === true && !isBusy && !isStarting;

  async function generate() {
    if (!requireLogin() || !canGenerate) return;
    setStarting(true);
    setError(null);
    const body = { prompt: trimmed, style, aspect };
    try {
      const answer =
        kind === 'image'
          ? mode === 'vip'
            ? await api.call(aiVipTextToImage, { ...body, count })
            : await api.call(aiTextToImage, body)
          : mode === 'vip'
            ? await api.call(aiVipTextToVideo, { ...body, duration: VIDEO_SECONDS })
            : await api.call(aiTextToVideo, { ...body, duration: VIDEO_SECONDS });
      onStarted(answer.job);
    } catch (err) {
      if (err instanceof ApiError && err.status === STATUS.FORBIDDEN && mode === 'vip') {
        // The membership ended meanwhile: the upsell, and standard generation from here on.
        setWantsVip(false);
        setUpsellShown(true);
      }
      setError(err instanceof ApiError ? err.message : AI_MESSAGES.startFailed);
    } finally {
      setStarting(false);
      onAnswered();
    }
  }

  return (
    <form
      className="space-y-5"
      data-testid="ai-form"
      onSubmit={(event) => {
        event.preventDefault();
        void generate();
      }}
    >
      <div>
        <div className="mb-2 flex items-baseline justify-between">
          <label htmlFor={ids.prompt} className="text-sm font-medium">
            {AI_MESSAGES.promptLabel}
          </label>
          <span
            data-testid="ai-prompt-counter"
            className={cn(
              'text-xs tabular-nums',
              prompt.length >= AI_PROMPT_MAX_LENGTH ? 'text-red-600 dark:text-red-400' : 'text-gray-400',
            )}
          >
            {formatMessage(AI_MESSAGES.counter, { count: prompt.length, max: AI_PROMPT_MAX_LENGTH })}
          </span>
        </div>
        <textarea
          id={ids.prompt}
          value={prompt}
          maxLength={AI_PROMPT_MAX_LENGTH}
          rows={4}
          placeholder={kind === 'image' ? AI_MESSAGES.promptPlaceholderImage : AI_MESSAGES.promptPlaceholderVideo}
          onChange={(event) => setPrompt(event.target.value)}
          data-testid="ai-prompt"
          className={cn(
            'block w-full resize-none rounded-xl border-0 bg-gray-50 px-3 py-2.5 text-[15px] leading-relaxed ring-1 ring-gray-200',
            'placeholder:text-gray-400 focus:bg-white focus:ring-2 focus:ring-primary-500 focus:outline-none',
            'dark:bg-gray-800/60 dark:ring-gray-700 dark:placeholder:text-gray-500 dark:focus:bg-gray-900',
          )}
        />
      </div>

      <ChoiceGroup label={AI_MESSAGES.styleLabel}>
        {AI_STYLES.map((value) => (
          <Chip key={value} isChecked={style === value} onPick={() => setStyle(value)} testId={`ai-style-${value}`}>
            {AI_STYLE_NAMES[value]}
          </Chip>
        ))}
      </ChoiceGroup>

      <ChoiceGroup label={AI_MESSAGES.aspectLabel}>
        {AI_ASPECTS.map((value) => (
          <Chip
            key={value}
            isChecked={aspect === value}
            onPick={() => setAspects((now) => ({ ...now, [kind]: value }))}
            testId={`ai-aspect-${value.replace(':', 'x')}`}
          >
            <AspectIcon aspect={value} />
            <span>{AI_ASPECT_LABELS[value]}</span>
            <span className="text-[11px] opacity-60">{value}</span>
          </Chip>
        ))}
      </ChoiceGroup>

      <div className="rounded-xl bg-amber-50/70 px-3 py-3 dark:bg-amber-950/30">
        <div className="flex items-center gap-3">
          <Crown aria-hidden="true" className="size-4 shrink-0 text-amber-500" />
          <div className="min-w-0 flex-1">
            <p id={ids.vip} className="text-sm font-medium">
              {AI_MESSAGES.vipToggle}
            </p>
            <p id={ids.vipHint} className="text-xs text-gray-500 dark:text-gray-400">
              {AI_MESSAGES.vipToggleHint}
            </p>
          </div>
          <Switch
            checked={mode === 'vip'}
            aria-labelledby={ids.vip}
            aria-describedby={ids.vipHint}
            data-testid="ai-vip-toggle"
            className={mode === 'vip' ? 'bg-amber-500' : undefined}
            onCheckedChange={(checked) => {
              if (checked && !isMember) {
                setUpsellShown(true);
                return;
              }
              setWantsVip(checked);
            }}
          />
        </div>
        {isUpsellShown && !isMember ? (
          <div
            data-testid="ai-vip-upsell"
            className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-amber-200/70 pt-3 dark:border-amber-900/60"
          >
            <div className="min-w-0">
              <p className="text-sm font-medium text-amber-800 dark:text-amber-200">{AI_MESSAGES.vipUpsellTitle}</p>
              <p className="text-xs text-amber-700/80 dark:text-amber-300/80">
                {formatMessage(AI_MESSAGES.vipUpsellHint, {
                  image: VIP_AI_DAILY_LIMIT.image,
                  video: VIP_AI_DAILY_LIMIT.video,
                })}
              </p>
            </div>
            <Link
              to="/vip"
              data-testid="ai-vip-link"
              className={buttonClass(
                'solid',
                'sm',
                'bg-gradient-to-r from-amber-500 to-orange-500 hover:from-amber-600 hover:to-orange-600',
              )}
            >
              {AI_MESSAGES.vipUpsellLink}
            </Link>
          </div>
        ) : null}
        {mode === 'vip' && kind === 'image' ? (
          <div className="mt-3 border-t border-amber-200/70 pt-3 dark:border-amber-900/60">
            <ChoiceGroup label={AI_MESSAGES.countLabel}>
              {VIP_COUNTS.map((value) => (
                <Chip
                  key={value}
                  isChecked={count === value}
                  onPick={() => setCount(value)}
                  testId={`ai-count-${value}`}
                >
                  {formatMessage(AI_MESSAGES.countValue, { count: value })}
                </Chip>
              ))}
            </ChoiceGroup>
          </div>
        ) : null}
      </div>

      <div className="space-y-2">
        <CostLine info={info} cost={cost} onRetry={onRetryInfo} />
        <Button
          type="submit"
          size="lg"
          disabled={!canGenerate}
          data-testid="ai-generate"
          className="w-full bg-gradient-to-r from-primary-600 to-violet-600 hover:from-primary-700 hover:to-violet-700 disabled:from-gray-300 disabled:to-gray-300 dark:disabled:from-gray-700 dark:disabled:to-gray-700"
        >
          {isStarting || isBusy ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <WandSparkles aria-hidden="true" className="size-5" />
          )}
          {isStarting ? AI_MESSAGES.starting : kind === 'image' ? AI_MESSAGES.generateImage : AI_MESSAGES.generateVideo}
        </Button>
        {error ? (
          <p role="alert" data-testid="ai-error" className="text-center text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        {provider ? (
          <p data-testid="ai-provider" className="text-center text-xs text-gray-500 dark:text-gray-400">
            {provider.local
              ? AI_MESSAGES.providerLocal
              : formatMessage(AI_MESSAGES.providerRemote, { name: provider.name })}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** What the next generation costs and today's total, or why they are not known. */
function CostLine({
  info,
  cost,
  onRetry,
}: {
  info: AiGenerationInfo | null;
  cost: ReturnType<typeof costOf> | null;
  onRetry: () => void;
}) {
  if (!info || !cost) {
    return (
      <p className="flex items-center justify-center gap-2 text-sm text-gray-500 dark:text-gray-400">
        {AI_MESSAGES.usageFailed}
        <Button variant="ghost" size="sm" onClick={onRetry} data-testid="ai-usage-retry">
          <RotateCw aria-hidden="true" className="size-4" />
          {AI_MESSAGES.retry}
        </Button>
      </p>
    );
  }
  return (
    <div className="text-center">
      <p
        data-testid="ai-cost"
        data-tone={cost.tone}
        className={cn(
          'text-sm font-medium',
          cost.tone === 'blocked'
            ? 'text-red-600 dark:text-red-400'
            : cost.tone === 'vip'
              ? 'text-amber-700 dark:text-amber-300'
              : 'text-gray-800 dark:text-gray-100',
        )}
      >
        {cost.text}
      </p>
      <p data-testid="ai-totals" className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">
        {totalsText(info)}
      </p>
    </div>
  );
}

function ChoiceGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div>
      <p id={id} className="mb-2 text-sm font-medium">
        {label}
      </p>
      <div role="radiogroup" aria-labelledby={id} className="flex flex-wrap gap-2">
        {children}
      </div>
    </div>
  );
}

function Chip({
  isChecked,
  onPick,
  testId,
  children,
}: {
  isChecked: boolean;
  onPick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a chip with an icon, not a bare radio input
    <button
      type="button"
      role="radio"
      aria-checked={isChecked}
      onClick={onPick}
      data-testid={testId}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
        isChecked
          ? 'bg-primary-600 text-white'
          : 'bg-gray-100 text-gray-700 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-200 dark:hover:bg-gray-700',
      )}
    >
      {children}
    </button>
  );
}

/** A small outline of the shape. */
function AspectIcon({ aspect }: { aspect: AiAspect }) {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  const scale = 14 / Math.max(w, h);
  return (
    <span
      aria-hidden="true"
      className="inline-block rounded-[3px] border-[1.5px] border-current"
      style={{ width: Math.round(w * scale), height: Math.round(h * scale) }}
    />
  );
}
