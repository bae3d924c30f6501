import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ErrorKey } from '@cloudphone/contracts/errors';
import { addClipboardEntry } from './clipboard-rules';

interface ClipboardEntriesState {
  entries: string[];
  /** Saves `text`; the catalogue key of the refusal, or null when saved. */
  save: (text: string) => ErrorKey | null;
  remove: (text: string) => void;
}

/** Texts the user keeps to send to phones again; kept in this browser. */
export const useClipboardEntries = create<ClipboardEntriesState>()(
  persist(
    (set, get) => ({
      entries: [],
      save: (text) => {
        const result = addClipboardEntry(get().entries, text);
        if (!result.ok) return result.error;
        set({ entries: result.value });
        return null;
      },
      remove: (text) => set((s) => ({ entries: s.entries.filter((e) => e !== text) })),
    }),
    { name: 'phoneClipboardEntries', storage: createJSONStorage(() => localStorage) },
  ),
);
