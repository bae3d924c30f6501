import { useCallback, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@cloudphone/contracts/errors';
import { keyLabel, type KeyMap, type KeyMapSource } from '@cloudphone/contracts/key-maps';
import { EMPTY_KEY_MAP } from '../../components/key-map/key-map-draft';
import { KeyMapEditor } from '../../components/key-map/KeyMapEditor';
import { KeyMapLayer } from '../../components/key-map/KeyMapLayer';
import { keyMapQueryOptions, useResetKeyMap, useSaveKeyMap } from '../../features/key-maps/api/key-maps';
import { currentLanguage } from '../../lib/i18n/index';
import { pictureRect } from '../../lib/player/picture-view';
import type { PhonePlayer } from '../../lib/player/phone-player';
import { useKeyMapPlay } from './use-key-map-play';

/**
 * The control window's key map (issue 65), in three parts the window places: the layer over the
 * picture (labels while playing, controls while editing), the edit panel, and the bar's button. The
 * map is the one for the app in front, loaded as the stream tells which that is.
 */
export function useWindowKeyMap(options: {
  player: PhonePlayer | null;
  packageName: string | null;
  /** The phone's text field has focus: keys type, the map waits. */
  typing: boolean;
  interactive: boolean;
  /** The window's screen area, whose canvas is the picture. */
  screen: () => HTMLElement | null;
  /** Changes when the picture may have moved (a new stream, a rotation). */
  pictureEpoch: unknown;
}): { layer: ReactNode; editor: ReactNode; button: ReactNode } {
  const { player, packageName, typing, interactive, screen, pictureEpoch } = options;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reply = useQuery(keyMapQueryOptions(interactive ? packageName : null));
  const save = useSaveKeyMap();
  const reset = useResetKeyMap();
  const [draft, setDraft] = useState<KeyMap | null>(null);
  /** The app the draft is for, and whose map it began as: another coming to the front does not take it over. */
  const [edited, setEdited] = useState<{ packageName: string; source: KeyMapSource } | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const map = reply.data?.keyMap ?? null;
  const canvas = useCallback(() => screen()?.querySelector('canvas') ?? null, [screen]);
  const pictureOf = useCallback(() => {
    const picture = canvas();
    return picture ? pictureRect(picture) : null;
  }, [canvas]);
  const labels = useKeyMapPlay({ player, map, paused: typing || draft !== null, canvas });

  const stopEditing = () => {
    setDraft(null);
    setSelected(null);
  };
  const failed = () => void message.error(errorMessage('operationFailed', currentLanguage()));
  const shown = draft ?? (labels ? map : null);
  const layer = shown && (
    <KeyMapLayer
      map={shown}
      pictureOf={pictureOf}
      pictureEpoch={pictureEpoch}
      editing={draft !== null}
      selected={selected}
      onSelect={setSelected}
      onChange={setDraft}
    />
  );
  const editor = draft && (
    <KeyMapEditor
      draft={draft}
      onDraft={setDraft}
      selected={selected}
      onSelect={setSelected}
      saving={save.isPending}
      onCancel={stopEditing}
      onSave={() =>
        save.mutate(
          { packageName: edited!.packageName, map: draft },
          {
            onSuccess: () => {
              void message.success(t('keyMaps.saved'));
              stopEditing();
            },
            // The server's catalogue message is shown by the request layer.
            onError: () => undefined,
          },
        )
      }
      reset={
        edited?.source === 'own'
          ? {
              label: t('keyMaps.reset'),
              confirm: t('keyMaps.resetConfirm'),
              onReset: () =>
                reset.mutate(edited!.packageName, {
                  onSuccess: () => {
                    void message.success(t('keyMaps.resetDone'));
                    stopEditing();
                  },
                  onError: failed,
                }),
            }
          : undefined
      }
    />
  );
  const title = !packageName
    ? t('keyMaps.noApp')
    : map
      ? `${t(`keyMaps.source.${reply.data!.source}`)} · ${t('keyMaps.active', { key: keyLabel(map.toggleKey) })}`
      : t('keyMaps.source.none');
  const button = interactive && (
    <Tooltip title={title}>
      <Button
        size="small"
        type={draft ? 'primary' : map ? 'default' : 'dashed'}
        disabled={!packageName || reply.isLoading}
        data-testid="key-map-button"
        onClick={() => {
          if (draft) return stopEditing();
          setEdited({ packageName: packageName!, source: reply.data?.source ?? 'none' });
          setDraft(map ?? EMPTY_KEY_MAP);
        }}
      >
        {t('keyMaps.title')}
      </Button>
    </Tooltip>
  );
  return { layer, editor, button };
}
