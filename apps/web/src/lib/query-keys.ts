/**
 * Query keys more than one feature touches. Features never import each other, so a page that
 * changes phones (rename, renew, move to a group) invalidates the home list through these.
 */
export const queryKeys = {
  /** Every page of the user's phone list, whatever its filter. */
  phoneList: ['phones', 'list'] as const,
  phoneGroups: ['phones', 'groups'] as const,
  /** The user's sync sessions under way (lib/sync-following). */
  syncSessions: ['sync-sessions'] as const,
};
