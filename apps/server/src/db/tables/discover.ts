import type { Generated } from 'kysely';

// Discover (issue 29): CMS pages, the game channel, and analytics events.

/** An article (listed in Discover) or a single page (opened by id), per client; texts in both languages. */
export interface CmsPageTable {
  id: Generated<number>;
  tenant_id: number;
  client_id: number;
  /** article | page */
  kind: string;
  title: string;
  summary: string;
  cover_url: string;
  content: string;
  sort: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** A game of a client's game channel: an app of the tenant's library, its package read on upload. */
export interface GameTable {
  id: Generated<number>;
  tenant_id: number;
  client_id: number;
  name: string;
  description: string;
  /** The package's bytes in the blob store. */
  sha256: string;
  size: number;
  file_name: string;
  package_name: string;
  label: string;
  version_name: string;
  version_code: number;
  icon: string | null;
  sort: number;
  created_at: number;
  deleted_at: number | null;
  /** The key map shipped with the game (issue 65), JSON; null for none. */
  key_map: string | null;
}

/** A user's own key map for an app's package (issue 65), JSON. */
export interface KeyMapTable {
  user_id: number;
  package_name: string;
  key_map: string;
  updated_at: number;
}

/** A game a user put first in their game channel. */
export interface GamePinTable {
  user_id: number;
  game_id: number;
  pinned_at: number;
}

/** One event from a browser's analytics SDK; `forwarded_at` once the merchant's collector took it. */
export interface AnalyticsEventTable {
  id: Generated<number>;
  tenant_id: number;
  client_id: number;
  device_id: string;
  user_id: number | null;
  event: string;
  properties: string;
  time: number;
  received_at: number;
  forwarded_at: number | null;
}
