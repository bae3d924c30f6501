import { track } from '../../../lib/tracking';
import { useCallback, useEffect, useState } from 'react';
import { Dialog, NavBar, Toast } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PhoneKey, PhoneStatus, StreamCloseReason } from '@cloudphone/contracts/stream';
import { ERRORS, errorMessage, type ErrorKey } from '@cloudphone/contracts/errors';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import { Icon } from '../../../components/icons';
import { PageError, PageLoading, PageNotice } from '../../../components/PageState';
import { currentLanguage } from '../../../lib/i18n/index';
import { controlKeyQueryOptions } from '../../../lib/phone-keys';
import { RequestError } from '../../../lib/request';
import type { PlayerEvent } from '../../../lib/player/player-events';
import { usePhone } from '../api/my-phones';
import { PhoneKeyboard } from '../components/PhoneKeyboard';
import { PhoneScreen } from '../../../components/phones/PhoneScreen';
import { PhoneTools } from '../components/PhoneTools';
import { StreamStats } from '../components/StreamStats';
import { VirtualKeys } from '../components/VirtualKeys';
import { useStreamingSessionLifetime } from '../hooks/use-streaming-session-lifetime';
import { useStreamingSession } from '../stores/streaming-session';
import '../phone-view.css';
import { Name } from '../../../components/Name';
import { confirmAction } from '../../../components/confirm-action';
import { useFollowingRefusal } from '../../../hooks/use-following-refusal';

/** WebSocket close codes for which reconnecting is pointless without a new token. */
const REFUSED = 4001;

/** Why the host ended the stream, in the words of spec §8; a reset phone is simply reopened. */
const CLOSED_REASON: Record<Exclude<StreamCloseReason, 'reset'>, ErrorKey> = {
  expired: 'deviceExpired',
  replaced: 'deviceBusy',
  revoked: 'authorizationFailed',
};
/** The phone is not the user's (any more): trying again cannot help, the way on is home. */
const isGone = (error: Error) => error instanceof RequestError && error.code === ERRORS.phoneNotFound.code;

/** The same refusal is not repeated while the user keeps tapping (a drag sends many messages). */
const REFUSAL_QUIET_MS = 2_000;

let lastRefusal = { key: '', at: 0 };
/** Tells the user why the phone did not take their input, once per burst of taps. */
function showRefusal(key: ErrorKey): void {
  const now = Date.now();
  if (lastRefusal.key === key && now - lastRefusal.at < REFUSAL_QUIET_MS) return;
  lastRefusal = { key, at: now };
  Toast.show({ content: errorMessage(key, currentLanguage()), position: 'center' });
}

/** One phone, live: its screen, the virtual keys, the tools, and what to do when the connection ends. */
export default function PhoneViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const query = useStreamingSessionLifetime();
  const userPhoneId = Number(query.userPhoneId);
  const professionMode = useStreamingSession((s) => s.professionMode);
  const virtualKeyShown = useStreamingSession((s) => s.virtualKeyShown);
  const { attach, setPhoneResolution, showTabList } = useStreamingSession.getState();
  const [status, setStatus] = useState<PhoneStatus | 'connecting'>('connecting');
  /** A text field on the phone has focus: the local input method's bar is up. */
  const [typing, setTyping] = useState(false);
  const phone = usePhone(userPhoneId);
  const followingRefused = useFollowingRefusal(userPhoneId, confirmAction);

  // A token per visit: leaving the page ends the session (spec §2), coming back makes a new one.
  const token = useQuery(controlKeyQueryOptions(userPhoneId));

  const onEvent = useCallback(
    (event: PlayerEvent) => {
      const { session: player, setDeviceClipboard, setOrientation } = useStreamingSession.getState();
      if (event.type === 'status') setStatus(event.status);
      else if (event.type === 'orientation') setOrientation(event.orientation);
      else if (event.type === 'input-focus') setTyping(event.focused);
      else if (event.type === 'clipboard') setDeviceClipboard(event.text);
      else if (event.type === 'refused' && event.key === 'syncFollowing') followingRefused();
      else if (event.type === 'refused') showRefusal(event.key);
      else if (event.type === 'closed') {
        // Its owner reset it (or made it new): it opens again at once, with a new key.
        if (event.reason === 'reset') return void token.refetch();
        const replaced = event.reason === 'replaced';
        void Dialog.alert({ content: errorMessage(CLOSED_REASON[event.reason], currentLanguage()) }).then(() => {
          // A replaced phone runs on a new instance: a new token leads there (spec §4).
          if (replaced) void token.refetch();
        });
      } else if (event.type === 'disconnected') {
        const lost = event.code === 1006 || event.code === 1001;
        const content = lost
          ? errorMessage('connectionLost', currentLanguage())
          : errorMessage('errorCodeReconnect', currentLanguage(), event.code);
        void Dialog.confirm({ content }).then((again) => {
          if (!again) return;
          if (event.code === REFUSED) void token.refetch();
          else player?.reconnect();
        });
      }
    },
    [token, followingRefused],
  );
  useEffect(() => {
    if (token.data) track('open_phone', { permission: token.data.permission });
  }, [token.data]);
  useEffect(() => {
    setStatus('connecting');
    setTyping(false);
  }, [token.data?.streamUrl]);
  useEffect(() => setPhoneResolution(phone.data?.resolution ?? null), [phone.data?.resolution, setPhoneResolution]);

  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate(`/${clientNo}`));
  const sendKey = (key: PhoneKey) => useStreamingSession.getState().session?.send({ type: 'key', key });
  // The switch page takes this page's place, so back from the next phone returns home.
  const switchPhone = () =>
    void navigate(pathFor('phone-view-switch', clientNo, `?userPhoneId=${userPhoneId}`), { replace: true });
  const canControl = token.data?.permission === 'control';

  return (
    <div className="cp-phone-view">
      <NavBar
        onBack={back}
        className="cp-phone-view__bar"
        right={
          phone.data && (
            <button
              type="button"
              className="cp-phone-view__tools"
              aria-label={t('phoneView.tools.title')}
              onClick={() => showTabList(true)}
            >
              <Icon name="more" />
            </button>
          )
        }
      >
        <Name value={phone.data?.name ?? t('routes.phone-view')} />
      </NavBar>
      {professionMode && <StreamStats />}
      {/* The stage holds its place from the first paint, so the keys below never jump when the screen arrives. */}
      <div className="cp-phone-view__stage">
        {!token.data && token.isPending && <PageLoading />}
        {token.error &&
          (isGone(token.error) ? (
            <PageNotice
              title={token.error.message}
              description={t('phoneView.gone')}
              action={{ label: t('common.goHome'), onClick: () => void navigate(`/${clientNo}`, { replace: true }) }}
            />
          ) : (
            <PageError message={token.error.message} onRetry={() => void token.refetch()} />
          ))}
        {token.data && (
          <>
            <PhoneScreen
              streamUrl={token.data.streamUrl}
              interactive={canControl}
              // A new stream of the same session (after a refused reconnect) keeps the chosen quality.
              definition={useStreamingSession.getState().currentDefinition.name}
              onEvent={onEvent}
              onPlayer={attach}
            />
            {status !== 'online' && (
              <div className="cp-phone-view__status" role="status" data-status={status}>
                {t(`phoneView.status.${status}`)}
              </div>
            )}
          </>
        )}
      </div>
      {canControl && <PhoneKeyboard shown={typing} />}
      {/* A phone gone (or failing to open) has no keys to press: only the way out shows. */}
      {virtualKeyShown && !token.error && (
        <VirtualKeys
          onKey={sendKey}
          labels={{
            back: t('phoneView.keys.back'),
            home: t('phoneView.keys.home'),
            recents: t('phoneView.keys.recents'),
          }}
        />
      )}
      {phone.data && <PhoneTools phone={phone.data} canControl={canControl} onSwitchPhone={switchPhone} />}
    </div>
  );
}
