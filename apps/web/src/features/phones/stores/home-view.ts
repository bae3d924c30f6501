import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { PhoneSort } from '@cloudphone/contracts/phones';

/**
 * How the home screen lays phones out (spec §2): the main view (one large live preview at a time),
 * live previews 2×2, 3×3 or 4×4 per page, or a card list.
 */
export const VIEW_MODES = ['main', 'four', 'nine', 'sixteen', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** Columns of each preview mode; a page is columns × columns cells. */
export const GRID_COLUMNS: Record<Exclude<ViewMode, 'list'>, number> = { main: 1, four: 2, nine: 3, sixteen: 4 };

export type SortValue = (typeof PhoneSort)[keyof typeof PhoneSort];

interface HomeViewState {
  viewMode: ViewMode;
  sort: SortValue;
  /** null is every group. */
  groupId: number | null;
  setViewMode: (viewMode: ViewMode) => void;
  setSort: (sort: SortValue) => void;
  setGroupId: (groupId: number | null) => void;
}

/**
 * The home screen's display choices. Only the display mode outlives the visit, under the app
 * settings of spec §3; sort and group start over.
 */
export const useHomeView = create<HomeViewState>()(
  persist(
    (set) => ({
      viewMode: 'list',
      sort: PhoneSort.default,
      groupId: null,
      setViewMode: (viewMode) => set({ viewMode }),
      setSort: (sort) => set({ sort }),
      setGroupId: (groupId) => set({ groupId }),
    }),
    {
      name: 'appSettings',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ viewMode: state.viewMode }),
    },
  ),
);
