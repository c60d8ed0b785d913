import { type NearbyPerson, RADAR_LIMIT, radarTeams, radarUsers, type TeamCard } from '@evcircle/contract/client';
import { useEffect, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import type { SexFilter } from './filters.tsx';
import type { Place } from './position.ts';

/** The radar scans again this often while the tab is in front (people come and go). */
const RESCAN_MS = 60_000;

export type RadarScan = {
  status: 'loading' | 'ready' | 'error';
  people: NearbyPerson[];
  teams: TeamCard[];
};

type Filters = { radiusKm: number; sex: SexFilter; model: string };

/**
 * People (radar-users) and teams (radar-teams) around `place`, with the filters, again
 * every RESCAN_MS while the page is visible. What was found stays on screen while the
 * next scan runs. Teams that fail to load leave the people alone (and the other way
 * round the scan fails: people are what the radar is for).
 */
export function useRadarScan(place: Place, { radiusKm, sex, model }: Filters) {
  const api = useApi();
  const [scan, setScan] = useState<RadarScan>({ status: 'loading', people: [], teams: [] });
  const [attempt, setAttempt] = useState(0);
  const { latitude, longitude } = place;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is a rescan (a retry or the timer)
  useEffect(() => {
    let isCurrent = true;
    setScan((s) => ({ ...s, status: 'loading' }));
    const point = { latitude, longitude, radius: radiusKm };
    Promise.all([
      api.call(radarUsers, { ...point, limit: RADAR_LIMIT, sex, model }),
      api.call(radarTeams, { ...point, limit: RADAR_LIMIT }).then(
        (answer) => answer.teams,
        () => null,
      ),
    ]).then(
      ([{ users }, teams]) => {
        if (!isCurrent) return;
        setScan((s) => ({ status: 'ready', people: users, teams: teams ?? s.teams }));
      },
      () => {
        if (isCurrent) setScan((s) => ({ ...s, status: 'error' }));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, latitude, longitude, radiusKm, sex, model, attempt]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setAttempt((n) => n + 1);
    }, RESCAN_MS);
    return () => clearInterval(timer);
  }, []);

  return { ...scan, rescan: () => setAttempt((n) => n + 1) };
}
