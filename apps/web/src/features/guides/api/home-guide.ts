import * as user from '@cloudphone/contracts/endpoints/merchant/user';
import { call } from '../../../lib/api-client';
import { markHomeGuideSeen } from '../../../lib/home-guide';
import { session, useSession } from '../../../stores/session';

/**
 * The user has been through the first-login guide (or skipped it): this browser remembers it, and so
 * does the account (issue 55), so another browser or a merchant-app entry does not show it again.
 */
export function finishHomeGuide(): void {
  markHomeGuideSeen();
  const { token, userInfo } = useSession.getState();
  if (!token) return;
  if (userInfo) session.setUserInfo({ ...userInfo, homeGuideSeen: true });
  // Not worth a notification: at worst the guide shows once more in another browser.
  void call(user.update, { body: { homeGuideSeen: true }, silent: true }).catch(() => undefined);
}
