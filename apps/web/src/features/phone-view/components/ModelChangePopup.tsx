import { useState } from 'react';
import { List, Popup, Tag } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MockModel } from '@cloudphone/contracts/phones';
import { confirmAction } from '../../../components/confirm-action';
import { PageError, PageLoading } from '../../../components/PageState';
import {
  getCurrentModelQueryOptions,
  mockPhoneModel,
  useCurrentModel,
  useManufacturers,
  useModels,
} from '../api/mock-model';
import { usePhoneOperation } from '../api/phone-operations';

/** Device model change (spec §1): a manufacturer, then one of its handsets, then a confirmation. Mounted while open. */
export function ModelChangePopup({ userPhoneId, onClose }: { userPhoneId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [manufacturer, setManufacturer] = useState<string | null>(null);
  const current = useCurrentModel(userPhoneId);
  const manufacturers = useManufacturers();
  const models = useModels(manufacturer);
  const mock = usePhoneOperation(mockPhoneModel, 'operationFailed');

  const choose = async (model: MockModel) => {
    const confirmed = await confirmAction({
      content: t('phoneView.confirm.model', { name: model.name, model: model.model }),
    });
    if (!confirmed) return;
    mock.mutate(
      { userPhoneId, manufacturer: model.manufacturer, model: model.model },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries(getCurrentModelQueryOptions(userPhoneId));
          onClose();
        },
      },
    );
  };

  const step = manufacturer === null ? manufacturers : models;
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} showCloseButton bodyClassName="cp-sheet-body">
      <div className="cp-sheet" aria-label={t('phoneView.tools.model')}>
        <h3 className="cp-sheet__title">{t('phoneView.tools.model')}</h3>
        {current.data && (
          <p className="cp-sheet__hint">
            {t('phoneView.model.current', { name: current.data.name, model: current.data.model })}
          </p>
        )}
        {step.isPending && <PageLoading />}
        {step.error && <PageError message={step.error.message} onRetry={() => void step.refetch()} />}
        {manufacturer === null ? (
          <List header={t('phoneView.model.manufacturers')} className="cp-sheet__list">
            {manufacturers.data?.map((name) => (
              <List.Item key={name} clickable onClick={() => setManufacturer(name)}>
                {name}
              </List.Item>
            ))}
          </List>
        ) : (
          <List header={manufacturer} className="cp-sheet__list">
            <List.Item clickable onClick={() => setManufacturer(null)}>
              {t('phoneView.model.back')}
            </List.Item>
            {models.data?.map((model) => {
              const isCurrent = current.data?.model === model.model;
              return (
                <List.Item
                  key={model.model}
                  description={model.model}
                  clickable={!isCurrent}
                  disabled={isCurrent || mock.isPending}
                  extra={isCurrent && <Tag color="primary">{t('phoneView.model.currentTag')}</Tag>}
                  onClick={() => void choose(model)}
                >
                  {model.name}
                </List.Item>
              );
            })}
          </List>
        )}
      </div>
    </Popup>
  );
}
