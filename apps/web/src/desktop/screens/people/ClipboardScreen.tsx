import { useState } from 'react';
import { Button, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClipboardEntries } from '../../../features/phone-view/stores/clipboard-entries';
import { useCommonPhrases } from '../../../features/phone-view/stores/common-phrases';
import { CLIPBOARD_TEXT_MAX, PHRASE_MAX, phoneTexts } from '../../../features/phone-view/lib/phone-texts';
import { Screen } from '../../components/Screen';
import { SendToPhoneDrawer, type TextUse } from './SendToPhoneDrawer';
import { TextTable } from './TextTable';

/**
 * The clipboard (spec §1, §5; §2's desktop list): the texts kept for the user and the common phrases,
 * added, edited, deleted and copied here, and sent to a phone chosen on the spot. The same stores and
 * rules as the phone app's clipboard and phrase panels.
 */
export default function ClipboardScreen() {
  const { t } = useTranslation();
  const entries = useClipboardEntries();
  const phrases = useCommonPhrases();
  const [sending, setSending] = useState<{ text: string; use: TextUse } | null>(null);
  // The phone last sent to stays chosen while the screen is open.
  const [userPhoneId, setUserPhoneId] = useState<number | null>(null);

  return (
    <Screen
      title={t('desktop.menu.clipboard')}
      extra={
        <Button
          type="primary"
          data-testid="desk-clipboard-to-phone"
          onClick={() => setSending({ text: '', use: 'clipboard' })}
        >
          {t('desktop.people.clipboard.toPhone')}
        </Button>
      }
    >
      <Tabs
        items={[
          {
            key: 'entries',
            label: t('phoneView.clipboard.saved'),
            children: (
              <TextTable
                testId="desk-clipboard-entries"
                rows={entries.entries.map((text) => ({ key: text, text }))}
                emptyText={t('phoneView.clipboard.savedEmpty')}
                addLabel={t('desktop.people.clipboard.addEntry')}
                placeholder={t('desktop.people.clipboard.entryPlaceholder')}
                maxLength={CLIPBOARD_TEXT_MAX}
                onSave={(_key, text) => phoneTexts.keep(text)}
                removeConfirm={t('phoneView.clipboard.confirmRemove')}
                onRemove={(keys) => keys.forEach((key) => entries.remove(key))}
                onSend={(text) => setSending({ text, use: 'clipboard' })}
              />
            ),
          },
          {
            key: 'phrases',
            label: t('phoneView.tools.phrases'),
            children: (
              <TextTable
                testId="desk-clipboard-phrases"
                rows={phrases.phrases.map(({ id, text }) => ({ key: id, text }))}
                emptyText={t('phoneView.phrases.empty')}
                addLabel={t('phoneView.phrases.add')}
                placeholder={t('phoneView.phrases.placeholder')}
                maxLength={PHRASE_MAX}
                onSave={(id, text) => phoneTexts.savePhrase({ id, text })}
                editable
                removeConfirm={t('phoneView.phrases.confirmRemove')}
                onRemove={(ids) => ids.forEach((id) => phrases.remove(id))}
                onSend={(text) => setSending({ text, use: 'phrase' })}
              />
            ),
          },
        ]}
      />
      <Typography.Text type="secondary">{t('desktop.people.clipboard.local')}</Typography.Text>
      {sending && (
        <SendToPhoneDrawer
          initialText={sending.text}
          use={sending.use}
          userPhoneId={userPhoneId}
          onChoose={setUserPhoneId}
          onClose={() => setSending(null)}
        />
      )}
    </Screen>
  );
}
