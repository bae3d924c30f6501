import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Result, Segmented, Select, Space, Spin, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import * as userPhone from '@cloudphone/contracts/endpoints/device/user-phone';
import { errorMessage } from '@cloudphone/contracts/errors';
import { PHONE_RESOLUTIONS } from '@cloudphone/contracts/phones';
import {
  DEFINITIONS,
  type DefinitionName,
  type PhoneOrientation,
  type PhoneStatus,
} from '@cloudphone/contracts/stream';
import { Icon } from '../../components/icons';
import { PhoneScreen } from '../../components/phones/PhoneScreen';
import { PlayerTextField } from '../../components/phones/PlayerTextField';
import { rebootPhone, setPhoneResolution } from '../../features/phone-view/api/phone-operations';
import { call } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n/index';
import { controlKeyQueryOptions } from '../../lib/phone-keys';
import type { PhonePlayer } from '../../lib/player/phone-player';
import type { PlayerEvent } from '../../lib/player/player-events';
import { track } from '../../lib/tracking';
import { notify } from '../../stores/notifications';
import { insideShell, useShellMessages } from '../shell-bridge';
import { AdbButton } from '../components/AdbButton';
import { useEnabledFunctions } from '../../hooks/use-enabled-functions';
import { phoneAllows } from '../../lib/phone-rules';
import { useFollowingRefusal } from '../../hooks/use-following-refusal';
import { useConfirm } from '../components/use-confirm';
import { ScreenshotPreview, tellSystemOfScreenshot } from '../components/ScreenshotPreview';
import { useWindowKeyMap } from '../key-map/use-window-key-map';

const QUALITIES: DefinitionName[] = ['auto', 'hd', 'sd', 'smooth'];
/** The phone's own keys under its screen, as in the phone app. */
const KEYS = [
  { key: 'back', icon: 'back' },
  { key: 'home', icon: 'launcher' },
  { key: 'recents', icon: 'recents' },
] as const;

/**
 * One phone's control window (spec §2's in-device control window): its live screen taking mouse,
 * wheel (scrolls), right-click (back) and keyboard (typing and the IME go to the phone), its keys,
 * quality, orientation and restart; the title names the phone and its status.
 */
export function PhoneWindowPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [params] = useSearchParams();
  const userPhoneId = Number(params.get('userPhoneId'));
  const token = useQuery(controlKeyQueryOptions(userPhoneId));
  const phone = useQuery({
    queryKey: ['desktop', 'phone', userPhoneId],
    queryFn: async () =>
      (await call(userPhone.list, { query: { userPhoneIds: String(userPhoneId), pageNo: 1, pageSize: 1 } })).list[0] ??
      null,
  });
  const [player, setPlayer] = useState<PhonePlayer | null>(null);
  const [status, setStatus] = useState<PhoneStatus | 'connecting'>('connecting');
  const [orientation, setOrientation] = useState<PhoneOrientation>('portrait');
  const [quality, setQuality] = useState<DefinitionName>('auto');
  const [graphicsLost, setGraphicsLost] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const screenRef = useRef<HTMLDivElement>(null);
  const screen = useCallback(() => screenRef.current, []);
  const [foreground, setForeground] = useState<string | null>(null);
  const [typing, setTyping] = useState(false);
  /** Bumped when the picture may have moved: a stream's config, a rotation. */
  const [pictureEpoch, setPictureEpoch] = useState(0);
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const functions = useEnabledFunctions();
  const followingRefused = useFollowingRefusal(userPhoneId, useConfirm());

  const name = phone.data?.name ?? '';
  useEffect(() => {
    document.title = `${name} · ${t(`phoneView.status.${status}` as 'phoneView.status.online')}`;
  }, [name, status, t]);
  useEffect(() => {
    if (token.data) track('open_phone', { permission: token.data.permission, face: 'desktop' });
  }, [token.data]);
  // The GPU process died (spec §8): the canvas' context is lost; the browser makes a new one.
  useEffect(() => {
    const lost = () => setGraphicsLost(true);
    const back = () => setGraphicsLost(false);
    document.addEventListener('webglcontextlost', lost, true);
    document.addEventListener('webglcontextrestored', back, true);
    return () => {
      document.removeEventListener('webglcontextlost', lost, true);
      document.removeEventListener('webglcontextrestored', back, true);
    };
  }, []);
  useShellMessages(
    useCallback(
      (message) => {
        if (message.type !== 'screenshot') return;
        // The picture comes to the front of this window; a failure is told by the request layer.
        void call(userPhone.screenshot, { query: { userPhoneId } }).then(
          ({ imageUrl }) => {
            setScreenshot(imageUrl);
            tellSystemOfScreenshot(imageUrl, t('phoneView.screenshot.taken', { name }));
          },
          () => undefined,
        );
      },
      [userPhoneId, name, t],
    ),
  );

  const onEvent = useCallback(
    (event: PlayerEvent) => {
      if (event.type === 'connected') setStatus('online');
      if (event.type === 'connected' || event.type === 'orientation') setPictureEpoch((n) => n + 1);
      if (event.type === 'input-focus') setTyping(event.focused);
      // The stream that comes next tells the app in front and the text field afresh: till then the map rests, its keys let go.
      if (event.type === 'closed' || event.type === 'disconnected') {
        setTyping(false);
        setForeground(null);
      }
      if (event.type === 'status') setStatus(event.status);
      else if (event.type === 'orientation') setOrientation(event.orientation);
      else if (event.type === 'foreground') setForeground(event.packageName);
      else if (event.type === 'input-focus' && event.focused) field.current?.focus({ preventScroll: true });
      // The phone's field closed: the keys go back to the screen (and its key map), not into ours.
      else if (event.type === 'input-focus' && document.activeElement === field.current)
        screenRef.current?.querySelector<HTMLElement>('.cp-phone-screen')?.focus({ preventScroll: true });
      else if (event.type === 'refused' && event.key === 'syncFollowing') followingRefused();
      else if (event.type === 'refused') notify(errorMessage(event.key, currentLanguage()));
      else if (event.type === 'closed' || event.type === 'disconnected') setStatus('offline');
    },
    [followingRefused],
  );

  // Only the owner changes it (spec §6); the phone restarts, so the user says yes first.
  const changeResolution = (value: string) => {
    const chosen = PHONE_RESOLUTIONS.find((r) => `${r.width}×${r.height}` === value);
    if (!chosen) return;
    modal.confirm({
      title: t('phoneView.confirm.resolution', { resolution: value }),
      onOk: () =>
        setPhoneResolution({ userPhoneId, ...chosen })
          .then(() => phone.refetch())
          .catch(() => notify(errorMessage('operationFailed', currentLanguage()))),
    });
  };

  const interactive = token.data?.permission === 'control';
  const keyMap = useWindowKeyMap({ player, packageName: foreground, typing, interactive, screen, pictureEpoch });
  if (token.isPending) return <Spin fullscreen />;
  if (token.isError) return <Result status="warning" title={token.error.message} />;
  return (
    <div className="cp-desk-window" onContextMenu={(e) => e.preventDefault()}>
      {graphicsLost && (
        <Alert type="warning" showIcon message={errorMessage('graphicsProcessTerminated', currentLanguage())} />
      )}
      <div
        ref={screenRef}
        className="cp-desk-window__screen"
        // Right-click is the phone's back key, as on every desktop cloud-phone client.
        onMouseUp={(e) => {
          if (e.button === 2 && interactive) player?.send({ type: 'key', key: 'back' });
        }}
      >
        <PhoneScreen
          streamUrl={token.data.streamUrl}
          interactive={interactive}
          definition={quality}
          onEvent={onEvent}
          onPlayer={setPlayer}
          // The shell's browser plays sound without a gesture: its windows start with it on (issue 59).
          soundOnByDefault={insideShell()}
        />
        {keyMap.layer}
      </div>
      {keyMap.editor}
      <PlayerTextField player={player} className="cp-desk-window__typing" fieldRef={field} />
      <div className="cp-desk-window__bar">
        <Space size={4}>
          {KEYS.map(({ key, icon }) => (
            <Tooltip key={key} title={t(`phoneView.keys.${key}`)}>
              <Button
                type="text"
                aria-label={t(`phoneView.keys.${key}`)}
                disabled={!interactive}
                icon={<Icon name={icon} />}
                onClick={() => player?.send({ type: 'key', key })}
              />
            </Tooltip>
          ))}
        </Space>
        <Space size={4}>
          {keyMap.button}
          <Tooltip title={t('phoneView.tools.rotate')}>
            <Button
              type="text"
              aria-label={t('phoneView.tools.rotate')}
              disabled={!interactive}
              icon={<Icon name="rotate" />}
              onClick={() =>
                player?.send({ type: 'rotate', orientation: orientation === 'portrait' ? 'landscape' : 'portrait' })
              }
            />
          </Tooltip>
          <Tooltip title={t('phoneView.tools.restart')}>
            <Button
              type="text"
              aria-label={t('phoneView.tools.restart')}
              disabled={!interactive || (!!phone.data && !phoneAllows(phone.data, 'restart'))}
              icon={<Icon name="reboot" />}
              onClick={() =>
                modal.confirm({
                  title: t('phoneView.confirm.restart'),
                  onOk: () =>
                    rebootPhone(userPhoneId).catch(() => notify(errorMessage('restartFailed', currentLanguage()))),
                })
              }
            />
          </Tooltip>
          {/* ADB is the owner's (issue 35); the server refuses a trial phone with its reason. */}
          {interactive && phone.data && phoneAllows(phone.data, 'adb') && functions.has('connect_button') && (
            <AdbButton userPhoneId={userPhoneId} />
          )}
          <Button size="small" onClick={() => window.close()}>
            {t('desktop.window.exit')}
          </Button>
        </Space>
        <Space size={4}>
          <Segmented<DefinitionName>
            size="small"
            value={quality}
            onChange={(value) => {
              setQuality(value);
              // "Auto" follows the link (issue 58); the others stay where they are put.
              player?.setDefinition(value === 'auto' ? 'auto' : DEFINITIONS[value]);
            }}
            options={QUALITIES.map((q) => ({ value: q, label: t(`phoneView.quality.${q}`) }))}
          />
          <Select
            size="small"
            style={{ width: 150 }}
            aria-label={t('phoneView.tools.resolution')}
            disabled={
              !interactive ||
              !phone.data ||
              !phoneAllows(phone.data, 'configure') ||
              phone.data.lacks.includes('resolution')
            }
            value={phone.data?.resolution}
            onChange={(value) => changeResolution(value)}
            options={PHONE_RESOLUTIONS.map((r) => ({
              value: `${r.width}×${r.height}`,
              label: t('phoneView.resolution.option', r),
            }))}
          />
        </Space>
      </div>
      <ScreenshotPreview imageUrl={screenshot} phoneName={name} onClose={() => setScreenshot(null)} />
    </div>
  );
}
