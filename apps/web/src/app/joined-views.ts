import { lazy } from 'react';
import type { JoinedViews } from '../lib/joined-views';

/** The views features show inside each other's pages, joined by this shell (lib/joined-views). */
export const JOINED_VIEWS: JoinedViews = {
  // tus and hashing load with it
  PhoneUploadSheet: lazy(() => import('../features/files/components/PhoneUploadSheet')),
  AdbPanel: lazy(() => import('../features/adb/components/AdbPanel')),
  PushProgress: lazy(() =>
    import('../features/files/components/PushProgress').then((m) => ({ default: m.PushProgress })),
  ),
};
