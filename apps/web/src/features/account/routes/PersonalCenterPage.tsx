import { useState } from 'react';
import { Avatar, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { PageError } from '../../../components/PageState';
import { formatDate } from '../../../lib/format-time';
import { LoginDeviceList } from '../components/LoginDeviceList';
import { NicknameDialog } from '../components/NicknameDialog';
import { useAccountDisplay } from '../hooks/use-account-display';
import '../account.css';

/** The account's details, its login devices, and the way to cancel it. */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const { query, info, nickname, mobile, userNo, avatar } = useAccountDisplay();
  const [editing, setEditing] = useState(false);

  return (
    <div className="cp-personal-center">
      {query.error && !info && <PageError message={query.error.message} onRetry={() => void query.refetch()} />}
      <List>
        <List.Item extra={<Avatar src={avatar} className="cp-personal-center__avatar" />} arrowIcon={false}>
          {t('account.avatar')}
        </List.Item>
        <List.Item extra={nickname} onClick={query.data ? () => setEditing(true) : undefined}>
          {t('account.nickname')}
        </List.Item>
        <List.Item extra={mobile} onClick={() => void navigate(pathFor('mobilePhoneBinding', clientNo))}>
          {t('account.mobile')}
        </List.Item>
        <List.Item extra={userNo}>{t('account.userNo')}</List.Item>
        <List.Item extra={info ? formatDate(info.registerTime) : ''}>{t('account.registerTime')}</List.Item>
      </List>
      <LoginDeviceList />
      <List>
        <List.Item onClick={() => void navigate(pathFor('cancelAccount', clientNo))}>
          {t('routes.cancelAccount')}
        </List.Item>
      </List>
      {editing && query.data && <NicknameDialog nickname={query.data.nickname} onClose={() => setEditing(false)} />}
    </div>
  );
}
