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

const ColorModeContext = createContext<ColorModeState | null>(null);

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
  const preference = useSyncExternalStore(subscribePreference, readPreference, beforeHydration);
  const systemIsDark = useSyncExternalStore(subscribeSystem, readSystemIsDark, beforeHydration);
  const mode = preference === null || systemIsDark === null ? null : resolveColorMode(forced, preference, systemIsDark);

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

  const state = useMemo(() => ({ preference, mode, forced, setPreference }), [preference, mode, forced, setPreference]);
  return <ColorModeContext value={state}>{children}</ColorModeContext>;
}

export function useColorMode(): ColorModeState {
  const state = useContext(ColorModeContext);
  if (!state) throw new Error('useColorMode must be used inside <ColorModeProvider>');
  return state;
}
