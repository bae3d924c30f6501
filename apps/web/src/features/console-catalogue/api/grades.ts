import type { ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import type * as catalogue from '@cloudphone/contracts/endpoints/admin/catalogue';

export type AdminGrade = ReplyOf<typeof catalogue.grades>[number];
/** The grades' list in the query cache, refreshed after each change to it. */
export const GRADES_KEY = ['console', 'grades'] as const;
