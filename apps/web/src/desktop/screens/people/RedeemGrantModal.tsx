import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRANT } from '@cloudphone/contracts/limits';
import { useRedeemGrantCode } from '../../../features/grants/hooks/use-redeem-grant-code';

/** Using a grant code (spec §2 useAuthorizationCode): the code's phone joins the granted-to-me list. */
export function RedeemGrantModal({ onClose, onRedeemed }: { onClose: () => void; onRedeemed: () => void }) {
  const { t } = useTranslation();
  const { redeem, problem, busy } = useRedeemGrantCode();
  const [code, setCode] = useState('');
  const submit = async () => {
    if (await redeem(code)) onRedeemed();
  };
  return (
    <Modal
      open
      title={t('grants.useCode')}
      okText={t('grants.redeem.submit')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'desk-grant-redeem-submit' }}
    >
      <Typography.Paragraph>{t('grants.redeem.intro')}</Typography.Paragraph>
      <Input
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        onPressEnter={() => void submit()}
        maxLength={GRANT.codeLength}
        placeholder={t('grants.redeem.placeholder')}
        aria-label={t('grants.redeem.placeholder')}
        autoComplete="off"
        status={problem ? 'error' : undefined}
        data-testid="desk-grant-redeem-input"
      />
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Modal>
  );
}
