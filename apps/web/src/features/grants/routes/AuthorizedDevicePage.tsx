import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { GrantList } from '../components/GrantList';
import '../grants.css';

/** Authorized devices (spec §2 authorizedDevice): the phones granted to this account, to open. */
export default function AuthorizedDevicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  return (
    <div className="cp-grants">
      <div className="cp-grants__body">
        <GrantList side="in" />
      </div>
      <div className="cp-grants__footer">
        <Button block fill="outline" onClick={() => void navigate(pathFor('useAuthorizationCode', clientNo))}>
          {t('grants.useCode')}
        </Button>
      </div>
    </div>
  );
}
