import { useEffect, useState } from 'react';
import { Alert, Button, InputNumber, Popconfirm, Slider, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import {
  KEY_MAP_CONTROL_KINDS,
  KEY_MAP_JOYSTICK_RADIUS,
  KEY_MAP_MAX_CONTROLS,
  KEY_MAP_REPEAT_RATE,
  keyLabel,
  keyMapRefusal,
  keyNameOf,
  type KeyMap,
  type KeyMapControl,
} from '@cloudphone/contracts/key-maps';
import { currentLanguage } from '../../lib/i18n/index';
import { CONTROL_DRAG_TYPE, newControl, resizedJoystick, withControl, withKey, type KeySlot } from './key-map-draft';

interface KeyMapEditorProps {
  draft: KeyMap;
  onDraft: (map: KeyMap) => void;
  selected: number | null;
  onSelect: (index: number | null) => void;
  onSave: () => void;
  onCancel: () => void;
  saving?: boolean;
  /** "Back to default" (a user's copy dropped) or the console's "take it away", with its confirmation. */
  reset?: { label: string; confirm: string; onReset: () => void };
}

/**
 * The key map's edit panel (issue 65): a palette of controls (dragged onto the screen, or placed where
 * thumbs play with a click, then dragged on the layer), the chosen control's keys bound by pressing them under the reserved-key rules
 * (`keyRefusal`), a joystick's size and a repeat's rate, the map's own key; saved, cancelled or reset.
 * The rule's message shows before the server is asked.
 */
export function KeyMapEditor({
  draft,
  onDraft,
  selected,
  onSelect,
  onSave,
  onCancel,
  saving,
  reset,
}: KeyMapEditorProps) {
  const { t } = useTranslation();
  const [binding, setBinding] = useState<KeySlot | null>(null);
  const [keyProblem, setKeyProblem] = useState<string | null>(null);
  const control = selected === null ? undefined : draft.controls[selected];
  const refusal = keyMapRefusal(draft);

  const replace = (index: number, next: KeyMapControl) => onDraft(withControl(draft, index, next));

  // A key pressed while binding is the key; Escape gives up.
  useEffect(() => {
    if (!binding) return;
    const onKey = (event: KeyboardEvent) => {
      event.preventDefault();
      event.stopPropagation();
      if (event.code === 'Escape') return setBinding(null);
      const key = keyNameOf(event.code);
      if (!key) return;
      const bound = withKey(draft, binding, key);
      if ('refused' in bound)
        return setKeyProblem(errorMessage(bound.refused.key, currentLanguage(), ...bound.refused.args));
      setKeyProblem(null);
      setBinding(null);
      onDraft(bound.map);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [binding, draft, onDraft]);

  const keyButton = (slot: KeySlot, key: string, label: string) => {
    const active =
      binding !== null &&
      (slot === 'toggle'
        ? binding === 'toggle'
        : binding !== 'toggle' && binding.control === slot.control && binding.direction === slot.direction);
    return (
      <Tooltip title={label}>
        <Button size="small" type={active ? 'primary' : 'default'} aria-label={label} onClick={() => setBinding(slot)}>
          {active ? t('keyMaps.pressKey') : keyLabel(key)}
        </Button>
      </Tooltip>
    );
  };

  return (
    <div className="cp-key-map-editor" data-testid="key-map-editor">
      <div className="cp-key-map-editor__row">
        <span>{t('keyMaps.palette')}</span>
        {KEY_MAP_CONTROL_KINDS.map((kind) => (
          <Tooltip key={kind} title={t(`keyMaps.kindHints.${kind}`)}>
            <Button
              size="small"
              draggable
              onDragStart={(event) => event.dataTransfer.setData(CONTROL_DRAG_TYPE, kind)}
              disabled={draft.controls.length >= KEY_MAP_MAX_CONTROLS}
              onClick={() => {
                onDraft({ ...draft, controls: [...draft.controls, newControl(draft, kind)] });
                onSelect(draft.controls.length);
              }}
            >
              + {t(`keyMaps.kinds.${kind}`)}
            </Button>
          </Tooltip>
        ))}
      </div>
      {control && selected !== null ? (
        <div className="cp-key-map-editor__row" data-testid="key-map-selected">
          <strong>{t(`keyMaps.kinds.${control.kind}`)}</strong>
          {control.kind === 'joystick' ? (
            <>
              {(['up', 'left', 'down', 'right'] as const).map((direction) => (
                <span key={direction}>
                  {t(`keyMaps.directions.${direction}`)}{' '}
                  {keyButton({ control: selected, direction }, control.keys[direction], t('keyMaps.bind'))}
                </span>
              ))}
              <span>{t('keyMaps.radius')}</span>
              <Slider
                style={{ width: 120 }}
                min={KEY_MAP_JOYSTICK_RADIUS.min}
                max={KEY_MAP_JOYSTICK_RADIUS.max}
                step={0.01}
                value={control.radius}
                aria-label={t('keyMaps.radius')}
                onChange={(radius: number) => replace(selected, resizedJoystick(control, radius))}
              />
            </>
          ) : (
            keyButton({ control: selected }, control.key, t('keyMaps.bind'))
          )}
          {control.kind === 'repeat' && (
            <>
              <span>{t('keyMaps.perSecond')}</span>
              <InputNumber
                size="small"
                min={KEY_MAP_REPEAT_RATE.min}
                max={KEY_MAP_REPEAT_RATE.max}
                value={control.perSecond}
                aria-label={t('keyMaps.perSecond')}
                onChange={(perSecond) => perSecond && replace(selected, { ...control, perSecond })}
              />
            </>
          )}
          <Button
            size="small"
            danger
            onClick={() => {
              onDraft({ ...draft, controls: draft.controls.filter((_, i) => i !== selected) });
              onSelect(null);
            }}
          >
            {t('keyMaps.remove')}
          </Button>
        </div>
      ) : (
        draft.controls.length === 0 && <div className="cp-key-map-editor__row">{t('keyMaps.empty')}</div>
      )}
      {(keyProblem || refusal) && (
        <Alert
          type="warning"
          showIcon
          message={keyProblem ?? (refusal && errorMessage(refusal.key, currentLanguage(), ...refusal.args))}
        />
      )}
      <div className="cp-key-map-editor__row">
        <span>{t('keyMaps.toggleKey')}</span>
        {keyButton('toggle', draft.toggleKey, t('keyMaps.toggleKey'))}
        <Space size={4} style={{ marginLeft: 'auto' }}>
          {reset && (
            <Popconfirm title={reset.confirm} onConfirm={reset.onReset}>
              <Button size="small">{reset.label}</Button>
            </Popconfirm>
          )}
          <Button size="small" onClick={onCancel}>
            {t('keyMaps.cancel')}
          </Button>
          <Button size="small" type="primary" loading={saving} disabled={refusal !== null} onClick={onSave}>
            {t('keyMaps.save')}
          </Button>
        </Space>
      </div>
    </div>
  );
}
