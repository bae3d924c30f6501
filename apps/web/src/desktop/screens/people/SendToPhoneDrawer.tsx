import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Flex, Input, Result, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import type { UserPhone } from '@cloudphone/contracts/phones';
import { Name } from '../../../components/Name';
import { PhoneScreen } from '../../../components/phones/PhoneScreen';
import { CLIPBOARD_TEXT_MAX, phoneTexts } from '../../../features/phone-view/lib/phone-texts';
import { currentLanguage } from '../../../lib/i18n/index';
import { useMyPhones } from '../../../lib/my-phones';
import { controlKeyQueryOptions } from '../../../lib/phone-keys';
import type { PhonePlayer } from '../../../lib/player/phone-player';
import type { PlayerEvent } from '../../../lib/player/player-events';
import { notify } from '../../../stores/notifications';
import { PhoneTable } from '../../components/PhoneTable';
import { QueryState } from '../../components/Screen';
import './people.css';

/** How the text is meant to reach the phone: onto its clipboard (kept texts) or typed (phrases). */
export type TextUse = 'clipboard' | 'phrase';

interface SendToPhoneDrawerProps {
  initialText: string;
  use: TextUse;
  /** The phone chosen, if one is. */
  userPhoneId: number | null;
  onChoose: (userPhoneId: number | null) => void;
  onClose: () => void;
}

/**
 * Sending text to a phone from the desktop (spec §1, §5): choose the phone, then see it live beside
 * what its clipboard holds, and put the text on its clipboard, paste it line by line, or type it —
 * the phone app's clipboard and phrase panels' actions, over a stream of the phone's own.
 */
export function SendToPhoneDrawer({ initialText, use, userPhoneId, onChoose, onClose }: SendToPhoneDrawerProps) {
  const { t } = useTranslation();
  const phones = useMyPhones();
  const phone = phones.data?.find((p) => p.userPhoneId === userPhoneId);
  const [now] = useState(() => Date.now());
  return (
    <Drawer open size={860} title={t('desktop.people.clipboard.toPhone')} onClose={onClose}>
      <QueryState query={phones} empty={phones.data?.length === 0} emptyText={t('phones.emptyTitle')}>
        {phone ? (
          <PhoneLine phone={phone} initialText={initialText} use={use} onChange={() => onChoose(null)} />
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="desk-send-choose">
            <Typography.Text>{t('desktop.people.clipboard.choosePhone')}</Typography.Text>
            <PhoneTable
              single
              phones={phones.data ?? []}
              selected={[]}
              onSelect={([id]) => id !== undefined && onChoose(id)}
              unavailable={(p) => (p.expireTime <= now ? t('phones.status.expired') : null)}
            />
          </Space>
        )}
      </QueryState>
    </Drawer>
  );
}

type LineState = 'connecting' | 'control' | 'view' | 'offline';

/** One phone live, and the text's ways onto it; only a phone the user may control takes text. */
function PhoneLine({
  phone,
  initialText,
  use,
  onChange,
}: {
  phone: UserPhone;
  initialText: string;
  use: TextUse;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const token = useQuery(controlKeyQueryOptions(phone.userPhoneId));
  const [player, setPlayer] = useState<PhonePlayer | null>(null);
  const [state, setState] = useState<LineState>('connecting');
  const [deviceClipboard, setDeviceClipboard] = useState('');
  const [text, setText] = useState(initialText);
  const [attempt, setAttempt] = useState(0);
  const line = state === 'control' ? player : null;

  const onEvent = useCallback((event: PlayerEvent) => {
    if (event.type === 'connected') setState(event.permission);
    else if (event.type === 'clipboard') setDeviceClipboard(event.text);
    else if (event.type === 'refused') notify(errorMessage(event.key, currentLanguage()));
    else if (event.type === 'closed' || event.type === 'disconnected') setState('offline');
  }, []);
  // What the phone's clipboard holds, asked for once connected, as the phone app's panel asks on opening.
  useEffect(() => line?.send({ type: 'clipboard-get' }), [line]);
  // A fresh key, then a fresh stream with it.
  const reconnect = () => {
    setState('connecting');
    void token.refetch().then(() => setAttempt((n) => n + 1));
  };

  return (
    <Flex gap={24} align="flex-start" data-testid="desk-send-line">
      <div className="cp-desk-send__screen">
        {token.isPending && <Spin className="cp-desk-state" />}
        {token.isError && <Result status="warning" title={token.error.message} />}
        {token.data && (
          <PhoneScreen
            key={attempt}
            streamUrl={token.data.streamUrl}
            // Watched only: the text goes by the buttons.
            interactive={false}
            definition="smooth"
            onEvent={onEvent}
            onPlayer={setPlayer}
            testId="desk-send-screen"
          />
        )}
      </div>
      <Space orientation="vertical" size="middle" style={{ flex: 1, minWidth: 0 }}>
        <Space wrap>
          <Typography.Text strong>
            <Name value={phone.name} />
          </Typography.Text>
          <Tag data-testid="desk-send-state">
            {t(`phoneView.status.${state === 'control' || state === 'view' ? 'online' : state}`)}
          </Tag>
          <Button size="small" type="link" data-testid="desk-send-change-phone" onClick={onChange}>
            {t('desktop.people.clipboard.changePhone')}
          </Button>
        </Space>
        {state === 'view' && <Alert type="warning" showIcon title={t('desktop.people.clipboard.viewOnly')} />}
        {state === 'offline' && (
          <Alert
            type="error"
            showIcon
            title={t('desktop.people.clipboard.offline')}
            action={
              <Button size="small" onClick={reconnect}>
                {t('desktop.people.clipboard.reconnect')}
              </Button>
            }
          />
        )}
        <Card
          size="small"
          title={t('phoneView.clipboard.device')}
          extra={
            <Space size={0}>
              <Button type="link" size="small" disabled={!line} onClick={() => line?.send({ type: 'clipboard-get' })}>
                {t('phoneView.clipboard.refresh')}
              </Button>
              <Button
                type="link"
                size="small"
                disabled={!deviceClipboard}
                onClick={() => void phoneTexts.keep(deviceClipboard)}
              >
                {t('phoneView.clipboard.save')}
              </Button>
            </Space>
          }
        >
          <Typography.Paragraph
            ellipsis={{ rows: 3, expandable: true }}
            style={{ marginBottom: 0 }}
            data-testid="desk-device-clipboard"
          >
            {deviceClipboard || t('phoneView.clipboard.deviceEmpty')}
          </Typography.Paragraph>
        </Card>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('phoneView.clipboard.placeholder')}
          aria-label={t('phoneView.clipboard.placeholder')}
          maxLength={CLIPBOARD_TEXT_MAX}
          autoSize={{ minRows: 4, maxRows: 10 }}
          data-testid="desk-send-text"
        />
        <Space wrap>
          <Button
            type={use === 'clipboard' ? 'primary' : 'default'}
            disabled={!line}
            data-testid="desk-send-clipboard"
            onClick={() => void phoneTexts.sendToClipboard(line, text)}
          >
            {t('phoneView.clipboard.send')}
          </Button>
          <Button disabled={!line} data-testid="desk-send-paste" onClick={() => void phoneTexts.paste(line, text)}>
            {t('phoneView.clipboard.paste')}
          </Button>
          <Button
            type={use === 'phrase' ? 'primary' : 'default'}
            disabled={!line || !text.trim()}
            data-testid="desk-send-type"
            onClick={() => phoneTexts.typePhrase(line, text)}
          >
            {t('desktop.people.clipboard.type')}
          </Button>
          <Button disabled={!text} onClick={() => void phoneTexts.keep(text)}>
            {t('phoneView.clipboard.save')}
          </Button>
        </Space>
      </Space>
    </Flex>
  );
}
