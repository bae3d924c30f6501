import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface CommonPhrase {
  id: string;
  text: string;
}

/** crypto.randomUUID needs a secure context, which an http deployment is not. */
const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

interface CommonPhrasesState {
  phrases: CommonPhrase[];
  add: (text: string) => void;
  edit: (id: string, text: string) => void;
  remove: (id: string) => void;
}

/** Phrases the user types into phones often (spec §1); kept in this browser. */
export const useCommonPhrases = create<CommonPhrasesState>()(
  persist(
    (set) => ({
      phrases: [],
      add: (text) => set((s) => ({ phrases: [...s.phrases, { id: newId(), text }] })),
      edit: (id, text) => set((s) => ({ phrases: s.phrases.map((p) => (p.id === id ? { ...p, text } : p)) })),
      remove: (id) => set((s) => ({ phrases: s.phrases.filter((p) => p.id !== id) })),
    }),
    { name: 'phoneCommonPhrases', storage: createJSONStorage(() => localStorage) },
  ),
);
