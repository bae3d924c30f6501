import { useState } from 'react';
import { Button, Dialog, Input, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LazyPopup } from '../../../components/LazyPopup';
import { confirmAction } from '../../../components/confirm-action';
import { useCommonPhrases, type CommonPhrase } from '../stores/common-phrases';
import { useStreamingSession } from '../stores/streaming-session';
import { PHRASE_MAX, phoneTexts, type PhraseDraft } from '../lib/phone-texts';

/** Common phrases (spec §1): add, edit, delete, and send one, which types it into the phone. */
export function CommonPhrasesPanel({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useStreamingSession((s) => s.session);
  const { phrases, remove } = useCommonPhrases();
  const [draft, setDraft] = useState<PhraseDraft | null>(null);

  const saveDraft = () => {
    if (draft && phoneTexts.savePhrase(draft)) setDraft(null);
  };
  const send = (phrase: CommonPhrase) => phoneTexts.typePhrase(session, phrase.text);
  const discard = async (phrase: CommonPhrase) => {
    if (await confirmAction({ content: t('phoneView.phrases.confirmRemove'), danger: true })) remove(phrase.id);
  };

  return (
    <LazyPopup visible={visible} onMaskClick={onClose} onClose={onClose} showCloseButton>
      <div className="cp-sheet" aria-label={t('phoneView.tools.phrases')}>
        <h3 className="cp-sheet__title">{t('phoneView.tools.phrases')}</h3>
        <Button size="small" color="primary" onClick={() => setDraft({ id: null, text: '' })}>
          {t('phoneView.phrases.add')}
        </Button>
        <List className="cp-sheet__list">
          {phrases.length === 0 && <List.Item>{t('phoneView.phrases.empty')}</List.Item>}
          {phrases.map((phrase) => (
            <List.Item
              key={phrase.id}
              extra={
                <div className="cp-sheet__actions">
                  <Button size="mini" color="primary" onClick={() => send(phrase)}>
                    {t('phoneView.phrases.send')}
                  </Button>
                  <Button size="mini" onClick={() => setDraft({ id: phrase.id, text: phrase.text })}>
                    {t('phoneView.phrases.edit')}
                  </Button>
                  <Button size="mini" color="danger" fill="outline" onClick={() => void discard(phrase)}>
                    {t('phoneView.phrases.remove')}
                  </Button>
                </div>
              }
            >
              <span className="cp-sheet__text">{phrase.text}</span>
            </List.Item>
          ))}
        </List>
      </div>
      <Dialog
        visible={draft !== null}
        title={t(draft?.id ? 'phoneView.phrases.edit' : 'phoneView.phrases.add')}
        onClose={() => setDraft(null)}
        content={
          <Input
            value={draft?.text ?? ''}
            onChange={(text) => setDraft((d) => d && { ...d, text })}
            placeholder={t('phoneView.phrases.placeholder')}
            aria-label={t('phoneView.phrases.placeholder')}
            maxLength={PHRASE_MAX}
            autoFocus
            clearable
          />
        }
        actions={[
          [
            { key: 'cancel', text: t('common.cancel'), onClick: () => setDraft(null) },
            { key: 'save', text: t('common.confirm'), bold: true, onClick: saveDraft },
          ],
        ]}
      />
    </LazyPopup>
  );
}
