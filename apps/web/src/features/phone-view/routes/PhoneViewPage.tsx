import { useCallback, useEffect, useRef, useState } from 'react';
import { Dialog, NavBar } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PhoneKey, PhoneStatus } from '@cloudphone/contracts/stream';
import { errorMessage } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../app/route-context';
import { PageError, PageLoading } from '../../../components/PageState';
import { currentLanguage } from '../../../lib/i18n/index';
import type { PhonePlayer, PlayerEvent } from '../../../lib/player/phone-player';
import { getSecurityToken } from '../api/security-token';
import { PhoneScreen } from '../components/PhoneScreen';
import { VirtualKeys } from '../components/VirtualKeys';

/** WebSocket close codes for which reconnecting is pointless without a new token. */
const REFUSED = 4001;

/** One phone, live: its screen, the virtual keys, and what to do when the connection ends. */
export default function PhoneViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const [params] = useSearchParams();
  const userPhoneId = Number(params.get('userPhoneId'));
  const player = useRef<PhonePlayer | null>(null);
  const [status, setStatus] = useState<PhoneStatus | 'connecting'>('connecting');

  // A token per visit: leaving the page ends the session (spec §2), coming back makes a new one.
  const token = useQuery({
    queryKey: ['security-token', userPhoneId],
    queryFn: () => getSecurityToken(userPhoneId),
    enabled: Number.isInteger(userPhoneId) && userPhoneId > 0,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });

  const onPlayer = useCallback((p: PhonePlayer | null) => (player.current = p), []);
  const onEvent = useCallback(
    (event: PlayerEvent) => {
      if (event.type === 'status') setStatus(event.status);
      else if (event.type === 'closed') {
        void Dialog.alert({
          content: errorMessage(
            event.reason === 'expired' ? 'deviceExpired' : 'authorizationFailed',
            currentLanguage(),
          ),
        });
      } else if (event.type === 'disconnected') {
        const lost = event.code === 1006 || event.code === 1001;
        const content = lost
          ? errorMessage('connectionLost', currentLanguage())
          : errorMessage('errorCodeReconnect', currentLanguage(), event.code);
        void Dialog.confirm({ content }).then((again) => {
          if (!again) return;
          if (event.code === REFUSED) void token.refetch();
          else player.current?.reconnect();
        });
      }
    },
    [token],
  );
  useEffect(() => setStatus('connecting'), [token.data?.streamUrl]);

  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate(`/${clientNo}`));
  const sendKey = (key: PhoneKey) => player.current?.send({ type: 'key', key });

  return (
    <div className="cp-phone-view">
      <NavBar onBack={back} className="cp-phone-view__bar">
        {t('routes.phone-view')}
      </NavBar>
      {!token.data && token.isPending && <PageLoading />}
      {token.error && <PageError message={token.error.message} onRetry={() => void token.refetch()} />}
      {token.data && (
        <div className="cp-phone-view__stage">
          <PhoneScreen
            streamUrl={token.data.streamUrl}
            interactive={token.data.permission === 'control'}
            onEvent={onEvent}
            onPlayer={onPlayer}
          />
          {status !== 'online' && (
            <div className="cp-phone-view__status" role="status" data-status={status}>
              {t(`phoneView.status.${status}`)}
            </div>
          )}
        </div>
      )}
      <VirtualKeys
        onKey={sendKey}
        labels={{
          back: t('phoneView.keys.back'),
          home: t('phoneView.keys.home'),
          recents: t('phoneView.keys.recents'),
        }}
      />
    </div>
  );
}
