import {
  formatMessage,
  NEARBY_PEOPLE_RADIUS_KM,
  type NearbyPerson,
  resolveMediaUrl,
  type TeamCard,
} from '@evcircle/contract/client';
import { RotateCw } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useViewer } from '~/features/auth/index.ts';
import { TeamRow } from '~/features/teams/index.ts';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { Skeleton } from '~/ui/skeleton.tsx';
import { ModelFilter, RadiusChoice, SexChoice, type SexFilter } from './filters.tsx';
import { NEARBY_MESSAGES } from './messages.ts';
import { PersonRow } from './person-row.tsx';
import type { Place } from './position.ts';
import type { RadarDot } from './radar-view.tsx';
import { useRadarScan } from './use-radar-scan.ts';

/** The drawing (SVG, geometry) loads beside the page; a grey disc holds its place. */
const RadarView = lazyComponent(
  () => import('./radar-view.tsx').then((module) => module.RadarView),
  () => <Skeleton className="mx-auto aspect-square w-full max-w-[26rem] rounded-full" />,
);

function toDots(people: NearbyPerson[], teams: TeamCard[], imageBase: string, radiusKm: number): RadarDot[] {
  return [
    ...teams.map(
      (team): RadarDot => ({
        key: `t${team.team_id}`,
        kind: 'team',
        href: `/team/${team.team_id}`,
        name: team.title,
        avatar: '',
        distance: team.distance ?? radiusKm * 1000,
        distanceText: team.distance_text,
        isOnline: false,
      }),
    ),
    ...people.map(
      (person): RadarDot => ({
        key: `p${person.uid}`,
        kind: 'person',
        href: `/user/${person.uid}`,
        name: person.nickname,
        avatar: resolveMediaUrl(person.avatar, imageBase),
        distance: person.distance,
        distanceText: person.distance_text,
        isOnline: person.is_online,
      }),
    ),
  ];
}

/** The radar and its lists, once the browser has a place (never in the server's HTML). */
export function RadarBody({ place, imageBase }: { place: Place; imageBase: string }) {
  const viewer = useViewer();
  const [radiusKm, setRadiusKm] = useState<number>(NEARBY_PEOPLE_RADIUS_KM);
  const [sex, setSex] = useState<SexFilter>('');
  const [model, setModel] = useState('');
  const scan = useRadarScan(place, { radiusKm, sex, model });
  const dots = useMemo(
    () => toDots(scan.people, scan.teams, imageBase, radiusKm),
    [scan.people, scan.teams, imageBase, radiusKm],
  );
  const me = useMemo(
    () => ({ name: viewer?.nickname ?? NEARBY_MESSAGES.me, avatar: resolveMediaUrl(viewer?.avatar ?? '', imageBase) }),
    [viewer, imageBase],
  );
  const isEmpty = scan.status === 'ready' && dots.length === 0;

  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <SexChoice value={sex} onChange={setSex} />
        <ModelFilter value={model} onChange={setModel} />
        <RadiusChoice value={radiusKm} onChange={setRadiusKm} />
      </div>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] md:items-start">
        <div className="rounded-3xl bg-white p-3 ring-1 ring-gray-900/5 md:p-6 dark:bg-gray-900 dark:ring-white/10">
          <RadarView
            dots={dots}
            radiusKm={radiusKm}
            me={me}
            isScanning={scan.status === 'loading'}
            label={formatMessage(NEARBY_MESSAGES.radarLabel, {
              km: radiusKm,
              people: scan.people.length,
              teams: scan.teams.length,
            })}
          />
          <p role="status" className="mt-3 min-h-5 text-center text-sm text-gray-500 dark:text-gray-400">
            {scan.status === 'loading' && dots.length === 0 ? NEARBY_MESSAGES.radarLoading : null}
            {scan.status === 'ready' && !isEmpty
              ? formatMessage(NEARBY_MESSAGES.radarLabel, {
                  km: radiusKm,
                  people: scan.people.length,
                  teams: scan.teams.length,
                })
              : null}
          </p>
          {scan.status === 'error' ? (
            <div
              role="alert"
              className="mt-2 flex flex-col items-center gap-3 text-sm text-gray-500 dark:text-gray-400"
            >
              {NEARBY_MESSAGES.radarFailed}
              <Button variant="outline" size="sm" onClick={scan.rescan} data-testid="radar-retry">
                <RotateCw aria-hidden="true" className="size-4" />
                {NEARBY_MESSAGES.retry}
              </Button>
            </div>
          ) : null}
          {isEmpty ? (
            <div data-testid="radar-empty" className="mt-2 flex flex-col items-center gap-3 text-center">
              <p className="text-sm font-medium">{formatMessage(NEARBY_MESSAGES.radarEmpty, { km: radiusKm })}</p>
              <p className="text-xs text-gray-500 dark:text-gray-400">{NEARBY_MESSAGES.radarEmptyHint}</p>
              <Link to="/test-team-creation" className={buttonClass('solid', 'sm')}>
                {NEARBY_MESSAGES.createTeam}
              </Link>
            </div>
          ) : null}
        </div>
        <div className="flex flex-col gap-4">
          {scan.people.length > 0 ? (
            <ListCard title={NEARBY_MESSAGES.peopleHeading} testId="radar-people">
              {scan.people.map((person) => (
                <PersonRow key={person.uid} person={person} imageBase={imageBase} />
              ))}
            </ListCard>
          ) : null}
          {scan.teams.length > 0 ? (
            <ListCard title={NEARBY_MESSAGES.teamsHeading} testId="radar-teams">
              {scan.teams.map((team) => (
                <TeamRow key={team.team_id} team={team} />
              ))}
            </ListCard>
          ) : null}
        </div>
      </div>
    </>
  );
}

function ListCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section
      data-testid={testId}
      aria-label={title}
      className="overflow-hidden rounded-2xl bg-white ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
    >
      <h2 className="px-4 pt-3.5 pb-1 text-sm font-semibold">{title}</h2>
      <ul className="max-h-[28rem] overflow-y-auto pb-1 md:max-h-[34rem]">{children}</ul>
    </section>
  );
}
