import { Avatar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { useAccountDisplay } from '../hooks/use-account-display';

/** The avatar, nickname, masked number and UID at the top of "Mine"; opens the personal center. */
export function ProfileHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const { nickname, mobile, userNo, avatar } = useAccountDisplay();
  return (
    <header className="cp-profile__header" onClick={() => void navigate(pathFor('personalCenter', clientNo))}>
      <Avatar src={avatar} className="cp-profile__avatar" />
      <div className="cp-profile__who">
        <h1 className="cp-profile__nickname">{nickname}</h1>
        <p className="cp-profile__line">{mobile}</p>
        {userNo && <p className="cp-profile__line">{t('account.uid', { userNo })}</p>}
      </div>
    </header>
  );
}
