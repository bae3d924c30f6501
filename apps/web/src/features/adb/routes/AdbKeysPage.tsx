import { useState } from 'react';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageEmpty, PageError, PageLoading } from '../../../components/PageState';
import { confirmAction } from '../../../components/confirm-action';
import { formatDateTime } from '../../../lib/format-time';
import { notify } from '../../../stores/notifications';
import { useAdbKeys, useDeleteAdbKey } from '../api/adb';
import { AddAdbKeyPopup } from '../components/AddAdbKeyPopup';
import '../adb.css';

/** The account's ADB keys (issue 35): the only keys `adb` may connect to the user's phones with. */
export default function AdbKeysPage() {
  const { t } = useTranslation();
  const keys = useAdbKeys();
  const removing = useDeleteAdbKey();
  const [adding, setAdding] = useState(false);

  const remove = async (keyId: number, name: string) => {
    if (!(await confirmAction({ content: t('adb.keys.removeConfirm', { name }), danger: true }))) return;
    removing.mutate(keyId, { onSuccess: () => notify(t('adb.keys.removed')) });
  };

  let body;
  if (keys.isPending) body = <PageLoading />;
  else if (keys.isError) body = <PageError message={keys.error.message} onRetry={() => void keys.refetch()} />;
  else if (keys.data.length === 0) body = <PageEmpty description={t('adb.keys.empty')} />;
  else
    body = (
      <List>
        {keys.data.map((key) => (
          <List.Item
            key={key.keyId}
            description={
              <>
                <div className="cp-adb-keys__fingerprint">
                  {t('adb.keys.fingerprint')} SHA256:{key.fingerprint}
                </div>
                <div>
                  {key.comment && `${key.comment} · `}
                  {t('adb.keys.addedAt', { time: formatDateTime(key.createdAt) })}
                </div>
              </>
            }
            extra={
              <Button size="small" color="danger" fill="none" onClick={() => void remove(key.keyId, key.name)}>
                {t('adb.keys.remove')}
              </Button>
            }
          >
            {key.name}
          </List.Item>
        ))}
      </List>
    );

  return (
    <div className="cp-adb-keys">
      <p className="cp-adb-keys__intro">{t('adb.keys.intro')}</p>
      <div className="cp-adb-keys__body">{body}</div>
      <div className="cp-adb-keys__footer">
        <Button block color="primary" onClick={() => setAdding(true)}>
          {t('adb.keys.add')}
        </Button>
      </div>
      {adding && <AddAdbKeyPopup onClose={() => setAdding(false)} />}
    </div>
  );
}
