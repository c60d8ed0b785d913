import { lazyComponent } from '~/lib/lazy-component.ts';
import { useBuildCheck } from './use-build-check.ts';

// The banner's code loads only once a newer build is out.
const NewVersionBanner = lazyComponent(() =>
  import('./new-version-banner.tsx').then((module) => module.NewVersionBanner),
);

/** Watches for a newer deployed build; once there is one, shows the banner that offers 刷新. */
export function NewVersion({ buildId }: { buildId: string | undefined }) {
  const isOutdated = useBuildCheck(buildId);
  if (!isOutdated) return null;
  return <NewVersionBanner />;
}
