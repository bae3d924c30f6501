import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SMS_CODE } from '@cloudphone/contracts/limits';
import { notify } from '../stores/notifications';

interface SendCodeButtonProps {
  /** Sends the code; resolves true once sent. A rejection (invalid number, server refusal) means not sent. */
  onSend: () => Promise<boolean>;
  seconds?: number;
}

/** "Send code", then a countdown until a code may be sent again (spec §5: resendable after a countdown). */
export function SendCodeButton({ onSend, seconds = SMS_CODE.resendSeconds }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [until, setUntil] = useState(0);
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (until === 0) return;
    // Counted from the clock, so a phone that slept while the page was hidden still counts right.
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [until]);

  const send = async () => {
    setSending(true);
    const sent = await onSend().catch(() => false);
    setSending(false);
    if (!sent) return;
    notify(t('sms.sent'), 'success');
    setUntil(Date.now() + seconds * 1000);
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="none"
      className="cp-send-code"
      disabled={left > 0}
      loading={sending}
      onClick={() => void send()}
    >
      {left > 0 ? t('sms.resendIn', { seconds: left }) : t('sms.send')}
    </Button>
  );
}
