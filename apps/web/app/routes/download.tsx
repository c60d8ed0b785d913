import { formatMessage } from '@evcircle/contract/client';
import QRCode from 'qrcode';
import { CopyLink, DOWNLOAD_MESSAGES, InstallButton } from '~/features/download/index.ts';
import type { RouteHandle } from '~/lib/route-handle.ts';
import { LogoMark } from '~/ui/logo.tsx';
import type { Route } from './+types/download';

export const handle: RouteHandle = { layout: 'mobile' };

export async function loader({ context }: Route.LoaderArgs) {
  const siteUrl = `${context.publicConfig.publicUrl}/`;
  // Drawn on the server (no network, no QR library in the browser bundle).
  const svg = await QRCode.toString(siteUrl, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#111827', light: '#ffffff' },
  });
  return { siteUrl, qrDataUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` };
}

export const meta: Route.MetaFunction = () => [
  { title: DOWNLOAD_MESSAGES.documentTitle },
  { name: 'description', content: DOWNLOAD_MESSAGES.description },
];

function Steps({ title, steps }: { title: string; steps: readonly string[] }) {
  return (
    <div className="rounded-2xl bg-gray-50 p-4 dark:bg-gray-900">
      <h3 className="font-medium">{title}</h3>
      <ol className="mt-3 space-y-2 text-sm text-gray-600 dark:text-gray-300">
        {steps.map((step, i) => (
          <li key={step} className="flex gap-3">
            <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-primary-600 text-xs text-white">
              {i + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

export default function DownloadPage({ loaderData }: Route.ComponentProps) {
  const { siteUrl, qrDataUrl } = loaderData;
  return (
    <div className="space-y-8 px-5 pt-4 pb-8">
      <section className="flex flex-col items-center text-center">
        <LogoMark className="size-20 drop-shadow-md" />
        <h1 className="mt-4 text-2xl font-bold">{DOWNLOAD_MESSAGES.heading}</h1>
        <p className="mt-1 text-primary-700 dark:text-primary-400">{DOWNLOAD_MESSAGES.tagline}</p>
        <p className="mt-4 text-left text-sm leading-relaxed text-gray-600 dark:text-gray-300">
          {DOWNLOAD_MESSAGES.intro}
        </p>
      </section>

      <ul className="grid grid-cols-3 gap-2">
        {DOWNLOAD_MESSAGES.features.map((feature) => (
          <li key={feature.title} className="rounded-xl bg-primary-50 p-3 dark:bg-primary-950">
            <p className="text-sm font-medium text-primary-800 dark:text-primary-200">{feature.title}</p>
            <p className="mt-1 text-xs leading-relaxed text-gray-600 dark:text-gray-400">{feature.text}</p>
          </li>
        ))}
      </ul>

      <InstallButton />

      <section className="flex flex-col items-center rounded-2xl border border-gray-200 p-5 text-center dark:border-gray-800">
        <h2 className="font-semibold">{DOWNLOAD_MESSAGES.scanTitle}</h2>
        <img
          src={qrDataUrl}
          alt={formatMessage(DOWNLOAD_MESSAGES.qrAlt, { url: siteUrl })}
          width={176}
          height={176}
          data-testid="download-qr"
          className="mt-4 rounded-lg bg-white p-2"
        />
        <p className="mt-3 text-xs text-gray-500 dark:text-gray-400">{DOWNLOAD_MESSAGES.scanHint}</p>
        <p className="mt-2 font-mono text-sm break-all select-all">{siteUrl}</p>
        <div className="mt-3">
          <CopyLink url={siteUrl} />
        </div>
      </section>

      <section className="space-y-3">
        <h2 className="font-semibold">{DOWNLOAD_MESSAGES.stepsTitle}</h2>
        <Steps title={DOWNLOAD_MESSAGES.iosTitle} steps={DOWNLOAD_MESSAGES.iosSteps} />
        <Steps title={DOWNLOAD_MESSAGES.androidTitle} steps={DOWNLOAD_MESSAGES.androidSteps} />
        <div className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm dark:border-amber-900 dark:bg-amber-950/40">
          <p className="font-medium text-amber-900 dark:text-amber-200">{DOWNLOAD_MESSAGES.wechatTitle}</p>
          <p className="mt-1 text-amber-800 dark:text-amber-300/90">{DOWNLOAD_MESSAGES.wechatText}</p>
        </div>
      </section>
    </div>
  );
}
