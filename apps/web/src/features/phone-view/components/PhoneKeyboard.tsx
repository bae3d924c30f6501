import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStreamingSession } from '../stores/streaming-session';

/**
 * The local input method's bar: shown while a text field on the phone has focus. Its field takes the
 * device's own keyboard and IME; the player sends what is typed there to the phone. It asks for
 * focus when it appears, and gives it up (the keyboard goes down) when the phone's field loses focus.
 */
export function PhoneKeyboard({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  const session = useStreamingSession((s) => s.session);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!session || !fieldRef.current) return;
    session.bindKeyboard(fieldRef.current);
    return () => session.bindKeyboard(null);
  }, [session]);

  useEffect(() => {
    const field = fieldRef.current;
    if (!field) return;
    if (shown) field.focus({ preventScroll: true });
    else field.blur();
  }, [shown]);

  return (
    <div className="cp-phone-keyboard" hidden={!shown} data-testid="phone-keyboard">
      <textarea
        ref={fieldRef}
        className="cp-phone-keyboard__field"
        rows={1}
        aria-label={t('phoneView.keyboard.label')}
        placeholder={t('phoneView.keyboard.placeholder')}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="enter"
      />
      <button type="button" className="cp-phone-keyboard__hide" onClick={() => fieldRef.current?.blur()}>
        {t('phoneView.keyboard.hide')}
      </button>
    </div>
  );
}
