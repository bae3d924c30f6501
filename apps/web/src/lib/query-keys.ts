/**
 * Query keys more than one feature touches. Features never import each other, so a page that
 * changes phones (rename, renew, move to a group) invalidates the home list through these.
 */
export const queryKeys = {
  /** Every page of the user's phone list, whatever its filter, and the group counts beside it. */
  phoneList: ['phones', 'list'] as const,
  /**
   * The groups with their phone counts (home's tabs): under the list's key, so whatever refreshes the
   * list — a purchase, a transfer received, a live event — refreshes the counts with it (issue 55).
   */
  phoneGroups: ['phones', 'list', 'groups'] as const,
  /** The user's sync sessions under way (lib/sync-following). */
  syncSessions: ['sync-sessions'] as const,
};
