import { useEffect, useState } from 'react';
import { Button, List, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LazyPopup } from '../../../components/LazyPopup';
import { confirmAction } from '../../../components/confirm-action';
import { useClipboardEntries } from '../stores/clipboard-entries';
import { useStreamingSession } from '../stores/streaming-session';
import { CLIPBOARD_TEXT_MAX, phoneTexts } from '../lib/phone-texts';

/**
 * The clipboard (spec §1, §5): what the phone's clipboard holds, text to send to it or paste into the
 * phone line by line, and saved entries without duplicates or empty ones.
 */
export function ClipboardPanel() {
  const { t } = useTranslation();
  const shown = useStreamingSession((s) => s.clipboardShown);
  const showClipboard = useStreamingSession((s) => s.showClipboard);
  const session = useStreamingSession((s) => s.session);
  const deviceClipboard = useStreamingSession((s) => s.deviceClipboard);
  const { entries, remove } = useClipboardEntries();
  const [text, setText] = useState('');

  const refresh = () => session?.send({ type: 'clipboard-get' });
  useEffect(() => {
    if (shown) session?.send({ type: 'clipboard-get' });
  }, [shown, session]);

  const send = (value: string) => void phoneTexts.sendToClipboard(session, value);
  const paste = () => void phoneTexts.paste(session, text);
  const discard = async (value: string) => {
    if (await confirmAction({ content: t('phoneView.clipboard.confirmRemove'), danger: true })) remove(value);
  };
  const keep = (value: string) => void phoneTexts.keep(value);

  return (
    <LazyPopup
      visible={shown}
      onMaskClick={() => showClipboard(false)}
      onClose={() => showClipboard(false)}
      showCloseButton
    >
      <div className="cp-sheet" aria-label={t('phoneView.tools.clipboard')}>
        <h3 className="cp-sheet__title">{t('phoneView.tools.clipboard')}</h3>
        <section className="cp-clipboard__device">
          <div className="cp-clipboard__label">{t('phoneView.clipboard.device')}</div>
          <p data-testid="device-clipboard">{deviceClipboard || t('phoneView.clipboard.deviceEmpty')}</p>
          <div className="cp-sheet__actions">
            <Button size="mini" onClick={refresh}>
              {t('phoneView.clipboard.refresh')}
            </Button>
            <Button size="mini" disabled={!deviceClipboard} onClick={() => keep(deviceClipboard)}>
              {t('phoneView.clipboard.save')}
            </Button>
          </div>
        </section>
        <TextArea
          value={text}
          onChange={setText}
          placeholder={t('phoneView.clipboard.placeholder')}
          aria-label={t('phoneView.clipboard.placeholder')}
          maxLength={CLIPBOARD_TEXT_MAX}
          autoSize={{ minRows: 3, maxRows: 6 }}
        />
        <div className="cp-sheet__actions">
          <Button size="small" color="primary" onClick={() => send(text)}>
            {t('phoneView.clipboard.send')}
          </Button>
          <Button size="small" onClick={paste}>
            {t('phoneView.clipboard.paste')}
          </Button>
          <Button size="small" onClick={() => keep(text)}>
            {t('phoneView.clipboard.save')}
          </Button>
        </div>
        <List header={t('phoneView.clipboard.saved')} className="cp-sheet__list">
          {entries.length === 0 && <List.Item>{t('phoneView.clipboard.savedEmpty')}</List.Item>}
          {entries.map((entry) => (
            <List.Item
              key={entry}
              extra={
                <div className="cp-sheet__actions">
                  <Button size="mini" onClick={() => setText(entry)}>
                    {t('phoneView.clipboard.use')}
                  </Button>
                  <Button size="mini" color="primary" onClick={() => send(entry)}>
                    {t('phoneView.clipboard.sendShort')}
                  </Button>
                  <Button size="mini" color="danger" fill="outline" onClick={() => void discard(entry)}>
                    {t('phoneView.clipboard.remove')}
                  </Button>
                </div>
              }
            >
              <span className="cp-sheet__text">{entry}</span>
            </List.Item>
          ))}
        </List>
      </div>
    </LazyPopup>
  );
}
