import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhonePlayer } from '../../lib/player/phone-player';

/**
 * A text field whose typing — the computer's keyboard and its IME — the player sends to the phone
 * (sync control's main phone, the desktop's control window). `fieldRef` lets the page focus it when
 * a text field on the phone takes focus.
 */
export function PlayerTextField({
  player,
  className,
  fieldRef,
}: {
  player: PhonePlayer | null;
  className: string;
  fieldRef?: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation();
  const own = useRef<HTMLTextAreaElement>(null);
  const ref = fieldRef ?? own;
  useEffect(() => {
    if (!player) return;
    player.bindKeyboard(ref.current);
    return () => player.bindKeyboard(null);
  }, [player, ref]);
  return (
    <textarea
      ref={ref}
      className={className}
      rows={1}
      aria-label={t('phoneView.keyboard.label')}
      placeholder={t('phoneView.keyboard.placeholder')}
      autoCapitalize="off"
      autoComplete="off"
      autoCorrect="off"
      spellCheck={false}
    />
  );
}
