import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminGame } from '@cloudphone/contracts/console-content';
import * as discover from '@cloudphone/contracts/endpoints/admin/discover';
import type { KeyMap } from '@cloudphone/contracts/key-maps';
import { LoadFailed, useLocalized } from '../../../components/console/SectionCard';
import { EMPTY_KEY_MAP } from '../../../components/key-map/key-map-draft';
import { KeyMapEditor } from '../../../components/key-map/KeyMapEditor';
import { KeyMapLayer } from '../../../components/key-map/KeyMapLayer';
import { call } from '../../../lib/api-client';

/**
 * The default key map a game ships with (issue 65), edited over a phone-shaped screen with its
 * controls placed in fractions of it, as the desktop control window places them over the live
 * screen. Customers without a map of their own play it; taking it away leaves them none.
 */
export function GameKeyMapModal({
  clientId,
  game,
  onClose,
}: {
  clientId: number;
  game: AdminGame;
  onClose: () => void;
}) {
  const { t } = useTranslation('console');
  const localized = useLocalized();
  const { message } = App.useApp();
  // Read afresh each time it opens (nothing kept once it closes): the draft starts from what is shipped now.
  const shipped = useQuery({
    queryKey: ['console', 'discover', 'key-map', clientId, game.id],
    queryFn: () => call(discover.gameKeyMap, { query: { clientId, id: game.id } }),
    gcTime: 0,
  });
  const [draft, setDraft] = useState<KeyMap | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  useEffect(() => {
    if (shipped.data !== undefined && draft === null) setDraft(shipped.data ?? EMPTY_KEY_MAP);
  }, [shipped.data, draft]);
  const ship = useMutation({
    mutationFn: (keyMap: KeyMap | null) => call(discover.setGameKeyMap, { body: { clientId, id: game.id, keyMap } }),
    onSuccess: () => {
      void message.success(t('keyMaps.saved'));
      onClose();
    },
  });
  const box = useRef<HTMLDivElement>(null);
  const pictureOf = useCallback(() => box.current?.getBoundingClientRect() ?? null, []);

  return (
    <Modal open title={`${t('keyMaps.title')} · ${localized(game.name)}`} footer={null} width={760} onCancel={onClose}>
      {shipped.isError ? (
        <LoadFailed onRetry={() => void shipped.refetch()} />
      ) : !draft ? (
        <Spin />
      ) : (
        <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
          <div style={{ position: 'relative', flex: 'none' }}>
            <div
              ref={box}
              data-testid="key-map-phone"
              style={{ width: 270, height: 480, borderRadius: 16, background: '#0f2a1d' }}
            />
            <KeyMapLayer
              map={draft}
              pictureOf={pictureOf}
              editing
              selected={selected}
              onSelect={setSelected}
              onChange={setDraft}
            />
          </div>
          <div style={{ flex: 1 }}>
            <KeyMapEditor
              draft={draft}
              onDraft={setDraft}
              selected={selected}
              onSelect={setSelected}
              saving={ship.isPending}
              onCancel={onClose}
              onSave={() => ship.mutate(draft)}
              reset={
                shipped.data
                  ? {
                      label: t('discover.keyMapRemove'),
                      confirm: t('discover.keyMapRemoveConfirm'),
                      onReset: () => ship.mutate(null),
                    }
                  : undefined
              }
            />
          </div>
        </div>
      )}
    </Modal>
  );
}
