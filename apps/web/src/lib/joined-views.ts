import { createContext, useContext, type ComponentType } from 'react';

/** The files feature's upload into one phone (its Files, or installed), opened from the phone view's tools. */
export interface PhoneUploadSheetProps {
  userPhoneId: number;
  phoneName: string;
  onClose: () => void;
  /** Opens the apps and files manager. */
  onOpenManager: () => void;
}

/** The files feature's progress of a push and install, per phone (the game channel's install shows it). */
export interface PushProgressProps {
  batchId: string;
  /** Phone names by id, to label each row. */
  phoneNames: ReadonlyMap<number, string>;
}

/**
 * Views one feature shows inside another's page. Features never import each other, nor a shell:
 * the shell that mounts them (app/ on a phone, desktop/ on a computer) gives each view here, lazily,
 * so its code loads only when it is opened.
 */
/** The ADB feature's panel for one phone (issue 35), opened from the phone view's tools. */
export interface AdbPanelProps {
  userPhoneId: number;
  onClose: () => void;
}

export interface JoinedViews {
  PhoneUploadSheet: ComponentType<PhoneUploadSheetProps>;
  AdbPanel: ComponentType<AdbPanelProps>;
  PushProgress: ComponentType<PushProgressProps>;
}

export const JoinedViewsContext = createContext<JoinedViews | null>(null);

export function useJoinedViews(): JoinedViews {
  const views = useContext(JoinedViewsContext);
  if (!views) throw new Error('useJoinedViews outside a shell');
  return views;
}
