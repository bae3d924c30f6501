import { maskMobile } from '@cloudphone/contracts/validation';
import { useSession } from '../../../stores/session';
import { useUserInfo } from '../api/user-info';

/**
 * What the account pages show for the user. Before the user info loads, the nickname is the client
 * name from stored about-app data and the mobile the stored one (spec §3); a number is always masked.
 */
export function useAccountDisplay() {
  const query = useUserInfo();
  const stored = useSession((s) => s.userInfo);
  const clientName = useSession((s) => s.aboutApp?.clientName ?? '');
  const info = query.data ?? stored;
  const mobile = maskMobile(info?.mobile ?? '');
  return {
    query,
    info,
    nickname: query.data ? query.data.nickname || mobile : clientName,
    mobile,
    userNo: info?.userNo ?? '',
    avatar: info?.avatar ?? '',
  };
}
