import { useEffect } from 'react';
import { Dialog } from 'antd-mobile';
import { errorMessage } from '@cloudphone/contracts/errors';
import i18next from 'i18next';
import { getClientConfig } from '../lib/client-config';
import { currentLanguage } from '../lib/i18n/index';
import { useSession } from '../stores/session';

/**
 * On a domain the merchant is leaving, tells visitors once per load to go to the new one or contact
 * customer service (spec §8). The domains are client settings `domain.old` and `domain.new`; the way
 * on is the login page on the merchant's host, /app/login/{clientNo} (spec §2).
 */
/** The login page on the merchant's new host, reached the way this page was (https in production). */
function merchantLoginUrl(host: string, clientNo: string): string {
  return `${window.location.protocol}//${host}/app/login/${encodeURIComponent(clientNo)}`;
}

export function OldDomainNotice() {
  const clientId = useSession((s) => s.clientId);
  const clientNo = useSession((s) => s.clientNo);
  useEffect(() => {
    if (clientId === null) return;
    let cancelled = false;
    getClientConfig(['domain.old', 'domain.new'])
      .then((config) => {
        if (cancelled || !config['domain.old'] || config['domain.old'] !== window.location.host) return;
        const target = config['domain.new'];
        void Dialog.show({
          content: errorMessage('oldDomainNotice', currentLanguage()),
          closeOnAction: true,
          actions: target
            ? [
                {
                  key: 'go',
                  text: i18next.t('oldDomain.visitNew'),
                  onClick: () => window.location.assign(merchantLoginUrl(target, clientNo ?? '')),
                },
              ]
            : [{ key: 'ok', text: i18next.t('common.confirm') }],
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [clientId, clientNo]);
  return null;
}
