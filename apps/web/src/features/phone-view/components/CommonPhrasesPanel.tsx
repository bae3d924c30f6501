import { useState } from 'react';
import { Button, Dialog, Input, List, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm-action';
import { notify } from '../../../stores/notifications';
import { useCommonPhrases, type CommonPhrase } from '../stores/common-phrases';
import { useStreamingSession } from '../stores/streaming-session';

/** Longer than any phrase worth keeping; the stream takes up to 5000 characters of text. */
const MAX_PHRASE = 500;

/** A phrase being added (id null) or edited. */
type Draft = { id: string | null; text: string };

/** Common phrases (spec §1): add, edit, delete, and send one, which types it into the phone. */
export function CommonPhrasesPanel({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useStreamingSession((s) => s.session);
  const { phrases, add, edit, remove } = useCommonPhrases();
  const [draft, setDraft] = useState<Draft | null>(null);

  const saveDraft = () => {
    if (!draft) return;
    const text = draft.text.trim();
    if (!text) return notify(t('phoneView.phrases.required'), 'warning');
    if (draft.id) edit(draft.id, text);
    else add(text);
    setDraft(null);
  };
  const send = (phrase: CommonPhrase) => {
    session?.send({ type: 'text', text: phrase.text });
    notify(t('phoneView.phrases.sent'), 'success');
  };
  const discard = async (phrase: CommonPhrase) => {
    if (await confirmAction({ content: t('phoneView.phrases.confirmRemove'), danger: true })) remove(phrase.id);
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} showCloseButton>
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
            maxLength={MAX_PHRASE}
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
    </Popup>
  );
}
