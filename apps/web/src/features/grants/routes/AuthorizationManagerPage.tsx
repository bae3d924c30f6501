import { useState } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GrantSide } from '@cloudphone/contracts/grants';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { AddGrantPopup } from '../components/AddGrantPopup';
import { GrantList } from '../components/GrantList';
import '../grants.css';

/**
 * Grant management (spec §2 authorizationManager): the phones granted out and those granted to me,
 * adding a grant (opened at once for `?userPhoneId=`, from a phone's tools), and using a grant code.
 */
export default function AuthorizationManagerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const fromPhone = Number(params.get('userPhoneId'));
  const [side, setSide] = useState<GrantSide>('out');
  const [adding, setAdding] = useState(Number.isInteger(fromPhone) && fromPhone > 0);

  return (
    <div className="cp-grants">
      <Tabs activeKey={side} onChange={(key) => setSide(key as GrantSide)}>
        <Tabs.Tab key="out" title={t('grants.tabs.out')} />
        <Tabs.Tab key="in" title={t('grants.tabs.in')} />
      </Tabs>
      <div className="cp-grants__body">
        <GrantList side={side} />
      </div>
      <div className="cp-grants__footer">
        <Button block fill="outline" onClick={() => void navigate(pathFor('useAuthorizationCode', clientNo))}>
          {t('grants.useCode')}
        </Button>
        <Button block color="primary" onClick={() => setAdding(true)}>
          {t('grants.add')}
        </Button>
      </div>
      {adding && <AddGrantPopup userPhoneId={fromPhone > 0 ? fromPhone : null} onClose={() => setAdding(false)} />}
    </div>
  );
}
