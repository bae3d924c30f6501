import { create } from 'zustand';
import { DEFAULT_DEFINITION } from '@cloudphone/contracts/limits';
import { DEFINITIONS, type DefinitionName, type PhoneOrientation } from '@cloudphone/contracts/stream';
import type { PhonePlayer } from '../../../lib/player/phone-player';

/** The quality menu in its order (spec §2: auto, HD, SD, smooth); the active profile index points here. */
export const QUALITY_PROFILES = ['auto', 'hd', 'sd', 'smooth'] as const satisfies readonly DefinitionName[];

export interface CurrentDefinition {
  width: number;
  height: number;
  fps: number;
  bitrate: number;
  name: DefinitionName;
}

interface StreamingSessionState {
  /** The running player; null before the stream opens and after the session ends. */
  session: PhonePlayer | null;
  /** The page's query (userPhoneId…). */
  query: Record<string, string>;
  clipboardShown: boolean;
  /** The phone's screen resolution, `width×height` as the phone list gives it. */
  phoneResolution: string | null;
  /** The tools panel (quality, modes and device operations). */
  tabListShown: boolean;
  currentDefinition: CurrentDefinition;
  professionMode: boolean;
  virtualKeyShown: boolean;
  activeProfileIndex: number;
  /** What the phone's clipboard held when it last told us. */
  deviceClipboard: string;
  /** Which way up the phone's display is, as its stream last said. */
  orientation: PhoneOrientation;
}

interface StreamingSessionActions {
  attach: (session: PhonePlayer | null) => void;
  setQuery: (query: Record<string, string>) => void;
  setPhoneResolution: (resolution: string | null) => void;
  showClipboard: (shown: boolean) => void;
  showTabList: (shown: boolean) => void;
  setProfessionMode: (on: boolean) => void;
  setVirtualKeyShown: (shown: boolean) => void;
  setDeviceClipboard: (text: string) => void;
  setOrientation: (orientation: PhoneOrientation) => void;
  /** Asks the phone to turn its display the other way (issue 22). */
  rotate: () => void;
  /** Picks a quality profile and asks the running stream for its definition. */
  chooseProfile: (index: number) => void;
  /** Ends the session (spec §2: leaving phone-view or phone-view-switch): disconnects and starts over. */
  destroy: () => void;
}

const initialState = (): StreamingSessionState => ({
  session: null,
  query: {},
  clipboardShown: false,
  phoneResolution: null,
  tabListShown: false,
  // spec §3: 720×1280, 30 fps, 2048 kbps, "auto".
  currentDefinition: { ...DEFAULT_DEFINITION },
  professionMode: false,
  virtualKeyShown: true,
  activeProfileIndex: QUALITY_PROFILES.indexOf(DEFAULT_DEFINITION.name),
  deviceClipboard: '',
  orientation: 'portrait',
});

/** The streaming session state of spec §3, in one store. */
export const useStreamingSession = create<StreamingSessionState & StreamingSessionActions>()((set, get) => ({
  ...initialState(),
  attach: (session) => set({ session }),
  setQuery: (query) => set({ query }),
  setPhoneResolution: (phoneResolution) => set({ phoneResolution }),
  showClipboard: (clipboardShown) => set({ clipboardShown }),
  showTabList: (tabListShown) => set({ tabListShown }),
  setProfessionMode: (professionMode) => set({ professionMode }),
  setVirtualKeyShown: (virtualKeyShown) => set({ virtualKeyShown }),
  setDeviceClipboard: (deviceClipboard) => set({ deviceClipboard }),
  setOrientation: (orientation) => set({ orientation }),
  rotate: () =>
    get().session?.send({ type: 'rotate', orientation: get().orientation === 'portrait' ? 'landscape' : 'portrait' }),
  chooseProfile: (index) => {
    const name = QUALITY_PROFILES[index];
    if (!name) return;
    const definition = DEFINITIONS[name];
    // "Auto" follows the link between its rungs (issue 58); the others stay where they are put.
    get().session?.setDefinition(name === 'auto' ? 'auto' : definition);
    set({ activeProfileIndex: index, currentDefinition: { ...definition, name } });
  },
  destroy: () => {
    get().session?.disconnect();
    set(initialState());
  },
}));
