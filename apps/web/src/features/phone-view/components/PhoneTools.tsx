import type { PhoneCapability } from '@cloudphone/contracts/phone-capabilities';
import { Suspense, useState } from 'react';
import { List, Switch } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useClientNo } from '../../../lib/routing/route-context';
import { pathFor } from '../../../lib/routing/route-table';
import type { FunctionKey } from '@cloudphone/contracts/client';
import type { PhoneAction } from '@cloudphone/contracts/phone-access';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { holdsFor } from '../../../lib/phone-rules';
import { LazyPopup } from '../../../components/LazyPopup';
import { Icon, type IconName } from '../../../components/icons';
import { useEnabledFunctions } from '../../../hooks/use-enabled-functions';
import { useJoinedViews } from '../../../lib/joined-views';
import { useDeviceOperations } from '../hooks/use-device-operations';
import { useStreamingSession } from '../stores/streaming-session';
import { ClipboardPanel } from './ClipboardPanel';
import { CommonPhrasesPanel } from './CommonPhrasesPanel';
import { ModelChangePopup } from './ModelChangePopup';
import { QualityMenu } from './QualityMenu';
import { RenameDialog } from './RenameDialog';
import { Name } from '../../../components/Name';

interface Tool {
  key: IconName;
  label: string;
  /** What it asks of the phone (the access table): offered only where the user's role allows it. */
  action?: PhoneAction;
  danger?: boolean;
  /** The client's function that offers it (spec §3); hidden when switched off. */
  needs?: FunctionKey;
  /** What it needs of the phone's driver beyond its action's (configure's root, resolution, model: issue 61). */
  capability?: PhoneCapability;
  run: () => unknown;
}

/** The phone view alone on the screen, without the browser's bars; again to leave. */
function toggleFullScreen(): Promise<void> {
  if (document.fullscreenElement) return document.exitFullscreen();
  return document.documentElement.requestFullscreen({ navigationUI: 'hide' }).catch(() => undefined);
}

interface PhoneToolsProps {
  phone: UserPhone;
  /** A view-only grant watches: nothing that acts on the phone is offered. */
  canControl: boolean;
  onSwitchPhone: () => void;
}

/** The phone view's tools panel: quality, professional mode, virtual keys and every operation on the phone. */
export function PhoneTools({ phone, canControl, onSwitchPhone }: PhoneToolsProps) {
  const { t } = useTranslation();
  const shown = useStreamingSession((s) => s.tabListShown);
  const { showTabList, showClipboard, setProfessionMode, setVirtualKeyShown, rotate } = useStreamingSession.getState();
  const professionMode = useStreamingSession((s) => s.professionMode);
  const virtualKeyShown = useStreamingSession((s) => s.virtualKeyShown);
  const [open, setOpen] = useState<'phrases' | 'model' | 'rename' | 'upload' | 'adb' | null>(null);
  const operations = useDeviceOperations(phone);
  const { PhoneUploadSheet, AdbPanel } = useJoinedViews();
  const functions = useEnabledFunctions();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  /** A page for this phone: leaving the phone view ends its streaming session (spec §2). */
  const openPage = (route: string) => navigate(pathFor(route, clientNo, `?userPhoneIds=${phone.userPhoneId}`));

  // Each is offered where the user's role allows what it asks (a control grant restarts, never resets).
  const phoneTools: Tool[] = [
    { key: 'rotate', action: 'input', label: t('phoneView.tools.rotate'), run: rotate },
    { key: 'screenshot', action: 'watch', label: t('phoneView.tools.screenshot'), run: operations.screenshot },
    { key: 'clipboard', action: 'input', label: t('phoneView.tools.clipboard'), run: () => showClipboard(true) },
    { key: 'phrases', action: 'input', label: t('phoneView.tools.phrases'), run: () => setOpen('phrases') },
    { key: 'upload', action: 'push', label: t('phoneView.tools.upload'), run: () => setOpen('upload') },
    { key: 'rename', action: 'name', label: t('phoneView.tools.rename'), run: () => setOpen('rename') },
    {
      key: 'reboot',
      action: 'restart',
      label: t('phoneView.tools.restart'),
      needs: 'reboot_button',
      run: operations.restart,
    },
    {
      key: 'reset',
      action: 'reset',
      label: t('phoneView.tools.reset'),
      danger: true,
      needs: 'reset_button',
      run: operations.reset,
    },
    {
      key: 'root',
      action: 'configure',
      needs: 'root_button',
      capability: 'root',
      label: t(phone.root ? 'phoneView.tools.rootOn' : 'phoneView.tools.rootOff'),
      run: operations.toggleRoot,
    },
    {
      key: 'resolution',
      action: 'configure',
      label: t('phoneView.tools.resolution'),
      capability: 'resolution',
      run: operations.chooseResolution,
    },
    {
      key: 'model',
      action: 'configure',
      capability: 'model',
      label: t('phoneView.tools.model'),
      run: () => setOpen('model'),
    },
    {
      key: 'newMachine',
      action: 'newMachine',
      label: t('newMachine.entry'),
      needs: 'new_button',
      run: () => openPage('newMachine'),
    },
    {
      key: 'transferDevice',
      action: 'transfer',
      label: t('transfer.entry'),
      needs: 'transfer_button',
      run: () => openPage('transferDevice'),
    },
    {
      key: 'authorizationManager',
      action: 'grant',
      label: t('grants.tool'),
      needs: 'auth_button',
      run: () => navigate(pathFor('authorizationManager', clientNo, `?userPhoneId=${phone.userPhoneId}`)),
    },
    {
      key: 'changePhone',
      action: 'replace',
      label: t('replacement.tool'),
      needs: 'change_button',
      run: () => openPage('changePhone'),
    },
    // A template is made of the owner's own phone (issue 15).
    {
      key: 'templates',
      action: 'template',
      label: t('phoneView.tools.template'),
      needs: 'template_button',
      run: () => openPage('templates'),
    },
    { key: 'adb', action: 'adb', label: t('adb.tool'), needs: 'connect_button', run: () => setOpen('adb') },
  ];
  const tools: Tool[] = [
    ...(document.fullscreenEnabled
      ? [{ key: 'fullScreen' as const, label: t('phoneView.tools.fullScreen'), run: toggleFullScreen }]
      : []),
    ...(canControl
      ? phoneTools.filter(
          (tool) =>
            (!tool.action || holdsFor(phone, tool.action)) &&
            (!tool.needs || functions.has(tool.needs)) &&
            (!tool.capability || !phone.lacks.includes(tool.capability)),
        )
      : []),
    { key: 'switchPhone', label: t('phoneView.tools.switchPhone'), run: onSwitchPhone },
  ];

  return (
    <>
      <LazyPopup
        visible={shown}
        onMaskClick={() => showTabList(false)}
        onClose={() => showTabList(false)}
        destroyOnClose
      >
        <div className="cp-sheet" aria-label={t('phoneView.tools.title')}>
          <h3 className="cp-sheet__title">
            <Name value={phone.name} />
          </h3>
          <div className="cp-sheet__label">{t('phoneView.tools.quality')}</div>
          <QualityMenu />
          <List className="cp-sheet__list">
            <List.Item extra={<Switch checked={professionMode} onChange={setProfessionMode} />}>
              {t('phoneView.tools.professionMode')}
            </List.Item>
            <List.Item extra={<Switch checked={virtualKeyShown} onChange={setVirtualKeyShown} />}>
              {t('phoneView.tools.virtualKeys')}
            </List.Item>
          </List>
          <div className="cp-tools-grid">
            {tools.map((tool) => (
              <button
                key={tool.key}
                type="button"
                className={tool.danger ? 'cp-tools-grid__danger' : undefined}
                onClick={() => {
                  showTabList(false);
                  void tool.run();
                }}
              >
                <Icon name={tool.key} className="cp-tools-grid__icon" />
                {tool.label}
              </button>
            ))}
          </div>
        </div>
      </LazyPopup>
      {canControl && (
        <>
          <ClipboardPanel />
          <CommonPhrasesPanel visible={open === 'phrases'} onClose={() => setOpen(null)} />
          {open === 'model' && <ModelChangePopup userPhoneId={phone.userPhoneId} onClose={() => setOpen(null)} />}
          {open === 'upload' && (
            <Suspense>
              <PhoneUploadSheet
                userPhoneId={phone.userPhoneId}
                phoneName={phone.name}
                onClose={() => setOpen(null)}
                onOpenManager={() =>
                  void navigate(pathFor('fileManager', clientNo, `?userPhoneIds=${phone.userPhoneId}`))
                }
              />
            </Suspense>
          )}
          {open === 'adb' && (
            <Suspense>
              <AdbPanel userPhoneId={phone.userPhoneId} onClose={() => setOpen(null)} />
            </Suspense>
          )}
          {open === 'rename' && (
            <RenameDialog userPhoneId={phone.userPhoneId} name={phone.name} onClose={() => setOpen(null)} />
          )}
        </>
      )}
    </>
  );
}
