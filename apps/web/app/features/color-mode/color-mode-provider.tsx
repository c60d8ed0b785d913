import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { ColorMode } from '~/lib/route-handle.ts';
import {
  COLOR_MODE_STORAGE_KEY,
  type ColorModePreference,
  isColorModePreference,
  resolveColorMode,
} from './color-mode.ts';

type ColorModeState = {
  /** null until hydrated: the server cannot read localStorage. */
  preference: ColorModePreference | null;
  /** null until hydrated. */
  mode: ColorMode | null;
  forced: ColorMode | null;
  setPreference: (preference: ColorModePreference) => void;
};

/**
 * What the provider shares: only what changes with the page (its forced mode) and the
 * setter. NOTE: the preference itself is read by each user of useColorMode, never put in
 * the context: it is known only once hydrated, and a context value that changes then
 * reaches every part of the page whose code is still loading (lazyComponent), where React
 * drops the server's HTML for the fallback.
 */
type ColorModeSettings = Pick<ColorModeState, 'forced' | 'setPreference'>;

const ColorModeContext = createContext<ColorModeSettings | null>(null);

/** Same-tab writes do not fire `storage`, so the setter announces them with this event. */
const CHANGE_EVENT = 'evcircle:color-mode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribePreference(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

function readPreference(): ColorModePreference {
  try {
    const stored = localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorModePreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function subscribeSystem(onChange: () => void) {
  const query = matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const readSystemIsDark = () => matchMedia(DARK_QUERY).matches;
const beforeHydration = () => null;

/**
 * Colour mode of SPEC.md §4. The `dark` class on <html> is owned by this provider and
 * the inline head script, never by React's props, so hydration never fights over it.
 */
export function ColorModeProvider({ forced, children }: { forced: ColorMode | null; children: ReactNode }) {
  const { mode } = useResolvedColorMode(forced);

  useEffect(() => {
    if (!mode) return;
    document.documentElement.classList.toggle('dark', mode === 'dark');
  }, [mode]);

  const setPreference = useCallback((next: ColorModePreference) => {
    try {
      localStorage.setItem(COLOR_MODE_STORAGE_KEY, next);
    } catch {
      // Storage may be off (private mode): there is nowhere to keep the choice.
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);

  const settings = useMemo(() => ({ forced, setPreference }), [forced, setPreference]);
  return <ColorModeContext value={settings}>{children}</ColorModeContext>;
}

/** The stored preference and the mode it gives on this page (both null until hydrated). */
function useResolvedColorMode(forced: ColorMode | null): Pick<ColorModeState, 'preference' | 'mode'> {
  const preference = useSyncExternalStore(subscribePreference, readPreference, beforeHydration);
  const systemIsDark = useSyncExternalStore(subscribeSystem, readSystemIsDark, beforeHydration);
  const mode = preference === null || systemIsDark === null ? null : resolveColorMode(forced, preference, systemIsDark);
  return { preference, mode };
}

export function useColorMode(): ColorModeState {
  const settings = useContext(ColorModeContext);
  if (!settings) throw new Error('useColorMode must be used inside <ColorModeProvider>');
  return { ...useResolvedColorMode(settings.forced), ...settings };
}
