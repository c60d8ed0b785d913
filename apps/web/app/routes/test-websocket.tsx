import { formatMessage } from '@evcircle/contract/client';
import { Radio } from 'lucide-react';
import { useState } from 'react';
import { type ConnectionState, type EchoResult, REALTIME_MESSAGES, useEchoSocket } from '~/features/realtime/index.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import type { Route } from './+types/test-websocket';

export const meta: Route.MetaFunction = () => [
  { title: REALTIME_MESSAGES.documentTitle },
  // A diagnostic page: useful to people, not to search engines.
  { name: 'robots', content: 'noindex' },
];

const DOT: Record<ConnectionState, string> = {
  connecting: 'bg-amber-400 animate-pulse',
  connected: 'bg-primary-500',
  disconnected: 'bg-red-500',
};

const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hour12: false,
});

export default function TestWebsocketPage() {
  const { state, transport, echo } = useEchoSocket();
  const [results, setResults] = useState<EchoResult[]>([]);
  const [isWaiting, setIsWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const last = results[0];

  const sendEcho = async () => {
    setIsWaiting(true);
    setError(null);
    try {
      const result = await echo(REALTIME_MESSAGES.echoText);
      setResults((all) => [result, ...all].slice(0, 5));
    } catch {
      setError(REALTIME_MESSAGES.timeout);
    } finally {
      setIsWaiting(false);
    }
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-6 md:py-12">
      <h1 className="flex items-center gap-2 text-xl font-bold">
        <Radio aria-hidden="true" className="size-6 text-primary-600" />
        {REALTIME_MESSAGES.heading}
      </h1>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{REALTIME_MESSAGES.intro}</p>

      <dl className="mt-6 divide-y divide-gray-200 rounded-2xl border border-gray-200 text-sm dark:divide-gray-800 dark:border-gray-800">
        <div className="flex items-center justify-between px-4 py-3">
          <dt className="text-gray-500 dark:text-gray-400">{REALTIME_MESSAGES.status}</dt>
          <dd data-testid="ws-status" data-state={state} className="flex items-center gap-2 font-medium">
            <span aria-hidden="true" className={cn('size-2.5 rounded-full', DOT[state])} />
            {REALTIME_MESSAGES.states[state]}
          </dd>
        </div>
        <div className="flex items-center justify-between px-4 py-3">
          <dt className="text-gray-500 dark:text-gray-400">{REALTIME_MESSAGES.transport}</dt>
          <dd className="font-mono">{transport ?? '—'}</dd>
        </div>
        <div className="flex items-center justify-between px-4 py-3">
          <dt className="text-gray-500 dark:text-gray-400">{REALTIME_MESSAGES.latency}</dt>
          <dd data-testid="ws-latency" className="font-mono font-medium">
            {last ? formatMessage(REALTIME_MESSAGES.latencyValue, { ms: last.latencyMs }) : REALTIME_MESSAGES.noEcho}
          </dd>
        </div>
        <div className="flex items-center justify-between px-4 py-3">
          <dt className="text-gray-500 dark:text-gray-400">{REALTIME_MESSAGES.serverTime}</dt>
          <dd data-testid="ws-server-time" className="font-mono">
            {last ? timeFormat.format(last.serverTime) : '—'}
          </dd>
        </div>
      </dl>

      <Button
        data-testid="ws-echo"
        className="mt-6 w-full"
        size="lg"
        disabled={state !== 'connected' || isWaiting}
        onClick={sendEcho}
      >
        {isWaiting ? REALTIME_MESSAGES.echoing : REALTIME_MESSAGES.echo}
      </Button>
      {error ? (
        <p role="alert" className="mt-3 text-center text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}

      {results.length > 1 ? (
        <section className="mt-8">
          <h2 className="text-sm font-medium text-gray-500 dark:text-gray-400">{REALTIME_MESSAGES.history}</h2>
          <ul className="mt-2 space-y-1 font-mono text-sm">
            {results.map((r) => (
              <li key={r.at} className="flex justify-between">
                <span>{timeFormat.format(r.at)}</span>
                <span>{formatMessage(REALTIME_MESSAGES.latencyValue, { ms: r.latencyMs })}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
