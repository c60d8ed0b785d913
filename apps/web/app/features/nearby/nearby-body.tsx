import {
  formatMessage,
  NEARBY_PEOPLE_RADIUS_KM,
  NEARBY_PLACES_RADIUS_KM,
  type NearbyPerson,
  nearbyPeople,
  nearbyTeams,
  PAGE_SIZE,
  type TeamCard,
  userStats,
} from '@evcircle/contract/client';
import { Flag, Newspaper, UsersRound } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TEAMS_MESSAGES, TeamRow } from '~/features/teams/index.ts';
import { useApi } from '~/lib/api.ts';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { useLoadMoreSentinel, usePagedList } from '~/lib/use-paged-list.ts';
import { buttonClass } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { ListFooter } from '~/ui/list-footer.tsx';
import { Skeleton } from '~/ui/skeleton.tsx';
import { ModelFilter, RadiusChoice, SexChoice, type SexFilter } from './filters.tsx';
import { NEARBY_MESSAGES } from './messages.ts';
import { PersonRow } from './person-row.tsx';
import type { Place } from './position.ts';

/** The posts tab (cards, the post modal) loads when first opened. */
const GeoPostList = lazyComponent(() => import('./geo-post-list.tsx').then((module) => module.GeoPostList));
/** In this page's narrower column: two columns on phones, three on wider screens. */
const narrowColumns = (width: number) => (width < 640 ? 2 : 3);

const SIZE = PAGE_SIZE.nearby;
const TABS = ['people', 'teams', 'posts'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  people: NEARBY_MESSAGES.tabPeople,
  teams: NEARBY_MESSAGES.tabTeams,
  posts: NEARBY_MESSAGES.tabPosts,
};
const TAB_ICONS = { people: UsersRound, teams: Flag, posts: Newspaper } as const;
/** Each tab's radius until the viewer picks one (SPEC.md §9: people 5 km, teams and posts 10 km). */
const DEFAULT_RADIUS: Record<Tab, number> = {
  people: NEARBY_PEOPLE_RADIUS_KM,
  teams: NEARBY_PLACES_RADIUS_KM,
  posts: NEARBY_PLACES_RADIUS_KM,
};

function tabOf(value: string | null): Tab {
  return TABS.find((tab) => tab === value) ?? 'people';
}

/** The counts, tabs and lists, once the browser has a place (never in the server's HTML). */
export function NearbyBody({ place, imageBase }: { place: Place; imageBase: string }) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const [radii, setRadii] = useState(DEFAULT_RADIUS);
  const radiusKm = radii[tab];
  const chooseTab = (next: Tab) =>
    setParams(
      (all) => {
        const copy = new URLSearchParams(all);
        if (next === 'people') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Stats place={place} />
        <Link to="/test-team-creation" data-testid="create-team-link" className={buttonClass('solid', 'sm')}>
          <Flag aria-hidden="true" className="size-4" />
          {NEARBY_MESSAGES.createTeam}
        </Link>
      </div>
      <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10">
        <div
          role="tablist"
          aria-label={NEARBY_MESSAGES.tabs}
          className="flex border-b border-gray-100 dark:border-gray-800"
        >
          {TABS.map((t) => {
            const Icon = TAB_ICONS[t];
            return (
              <button
                key={t}
                type="button"
                role="tab"
                id={`nearby-tab-${t}`}
                aria-selected={tab === t}
                aria-controls={`nearby-panel-${t}`}
                onClick={() => chooseTab(t)}
                data-testid={`nearby-tab-${t}`}
                className={cn(
                  'inline-flex flex-1 items-center justify-center gap-1.5 border-b-2 py-3 text-sm',
                  tab === t
                    ? 'border-primary-600 font-semibold text-gray-900 dark:border-primary-400 dark:text-white'
                    : 'border-transparent text-gray-500 hover:text-gray-800 dark:text-gray-400 dark:hover:text-gray-200',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {TAB_LABELS[t]}
              </button>
            );
          })}
        </div>
        <div className="border-b border-gray-100 px-4 py-3 dark:border-gray-800">
          <RadiusChoice value={radiusKm} onChange={(km) => setRadii((all) => ({ ...all, [tab]: km }))} />
        </div>
        <div id={`nearby-panel-${tab}`} role="tabpanel" aria-labelledby={`nearby-tab-${tab}`}>
          {tab === 'people' ? <PeoplePanel place={place} radiusKm={radiusKm} imageBase={imageBase} /> : null}
          {tab === 'teams' ? <TeamsPanel place={place} radiusKm={radiusKm} /> : null}
          {tab === 'posts' ? (
            <div className="p-2 md:p-3">
              <GeoPostList place={place} radiusKm={radiusKm} imageBase={imageBase} columnsFor={narrowColumns} />
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}

/** 5 公里内 12 位车友 · 10 公里内 3 个车队 (user-stats; the viewer is not counted). */
function Stats({ place }: { place: Place }) {
  const api = useApi();
  const [text, setText] = useState<string | null>(null);
  const { latitude, longitude } = place;
  useEffect(() => {
    let isCurrent = true;
    setText(null);
    api.call(userStats, { latitude, longitude }).then(
      ({ people, teams }) => {
        if (!isCurrent) return;
        setText(
          formatMessage(NEARBY_MESSAGES.stats, {
            peopleKm: people.radius_km,
            people: people.total,
            teamsKm: teams.radius_km,
            teams: teams.total,
          }),
        );
      },
      () => {
        if (isCurrent) setText('');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, latitude, longitude]);
  if (text === null) return <Skeleton className="h-5 w-56" />;
  return (
    <p data-testid="nearby-stats" className="text-sm text-gray-600 dark:text-gray-300">
      {text}
    </p>
  );
}

function PeoplePanel({ place, radiusKm, imageBase }: { place: Place; radiusKm: number; imageBase: string }) {
  const api = useApi();
  const [sex, setSex] = useState<SexFilter>('');
  const [model, setModel] = useState('');
  const { latitude, longitude } = place;
  const fetchPage = useCallback(
    async (page: number) =>
      (
        await api.call(nearbyPeople, {
          latitude,
          longitude,
          km: radiusKm,
          sex,
          model,
          tag: '',
          page,
          size: SIZE,
        })
      ).items,
    [api, latitude, longitude, radiusKm, sex, model],
  );
  const list = usePagedList<NearbyPerson>({
    firstPage: null,
    isEager: true,
    size: SIZE,
    fetchPage,
    keyOf: (person) => person.uid,
    resetKey: `${latitude},${longitude},${radiusKm},${sex},${model}`,
  });
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 pt-3">
        <SexChoice value={sex} onChange={setSex} />
        <ModelFilter value={model} onChange={setModel} />
      </div>
      <PagedRows
        list={list}
        empty={formatMessage(NEARBY_MESSAGES.peopleEmpty, { km: radiusKm })}
        testId="nearby-people"
      >
        {list.items.map((person) => (
          <PersonRow key={person.uid} person={person} imageBase={imageBase} />
        ))}
      </PagedRows>
    </>
  );
}

function TeamsPanel({ place, radiusKm }: { place: Place; radiusKm: number }) {
  const api = useApi();
  const { latitude, longitude } = place;
  const fetchPage = useCallback(
    async (page: number) =>
      (await api.call(nearbyTeams, { latitude, longitude, radius: radiusKm, page, size: SIZE })).items,
    [api, latitude, longitude, radiusKm],
  );
  const list = usePagedList<TeamCard>({
    firstPage: null,
    isEager: true,
    size: SIZE,
    fetchPage,
    keyOf: (team) => team.team_id,
    resetKey: `${latitude},${longitude},${radiusKm}`,
  });
  return (
    <PagedRows
      list={list}
      empty={formatMessage(TEAMS_MESSAGES.nearbyEmpty, { km: radiusKm })}
      emptyHint={TEAMS_MESSAGES.nearbyEmptyHint}
      testId="nearby-teams"
    >
      {list.items.map((team) => (
        <TeamRow key={team.team_id} team={team} />
      ))}
    </PagedRows>
  );
}

type PagedRowsProps = {
  list: { items: unknown[]; status: 'idle' | 'loading' | 'error' | 'done'; loadMore: () => Promise<void> };
  empty: string;
  emptyHint?: string;
  testId: string;
  children: ReactNode;
};

/** A paged list's rows, placeholders while a page loads, its footer, and what it says when empty. */
function PagedRows({ list, empty, emptyHint, testId, children }: PagedRowsProps) {
  const { items, status, loadMore } = list;
  const sentinel = useLoadMoreSentinel(status, () => void loadMore());
  if (items.length === 0 && status === 'done') {
    return (
      <div data-testid={`${testId}-empty`} className="px-6 py-14 text-center">
        <p className="text-sm font-medium">{empty}</p>
        {emptyHint ? <p className="mt-1.5 text-xs text-gray-500 dark:text-gray-400">{emptyHint}</p> : null}
      </div>
    );
  }
  return (
    <>
      <ul data-testid={testId} aria-busy={status === 'loading'} className="py-1">
        {children}
        {status === 'loading'
          ? [1, 2, 3].slice(0, items.length === 0 ? 3 : 1).map((id) => (
              <li key={id} aria-hidden="true" className="flex items-center gap-3 px-4 py-3">
                <Skeleton className="size-11 shrink-0 rounded-full" />
                <span className="flex-1 space-y-2">
                  <Skeleton className="h-3.5 w-28" />
                  <Skeleton className="h-3 w-40" />
                </span>
              </li>
            ))
          : null}
      </ul>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {status === 'error' || (items.length >= SIZE && status !== 'idle') ? (
        <ListFooter
          status={status}
          onLoadMore={() => void loadMore()}
          messages={{ failed: NEARBY_MESSAGES.listFailed }}
        />
      ) : null}
    </>
  );
}
