import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminPage } from '@cloudphone/contracts/console-content';
import * as discover from '@cloudphone/contracts/endpoints/admin/discover';
import { LoadFailed, useLocalized } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { useOperatorMay } from '../../../stores/operator-session';
import { discoverKey } from '../api/discover';
import { AddPageModal } from './AddPageModal';

/** A client's articles (listed in Discover) and single pages (opened by a link, e.g. a banner's). */
export function PagesTab({ clientId }: { clientId: number }) {
  const { t } = useTranslation('console');
  const localized = useLocalized();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const mayWrite = useOperatorMay('content.write');
  const [adding, setAdding] = useState(false);
  const pages = useQuery({
    queryKey: discoverKey('pages', clientId),
    queryFn: () => call(discover.pages, { query: { clientId } }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(discover.removePage, { body: { clientId, id } }),
    onSuccess: async () => {
      void message.success(t('discover.removed'));
      await queries.invalidateQueries({ queryKey: discoverKey('pages', clientId) });
    },
  });
  if (pages.isError) return <LoadFailed onRetry={() => void pages.refetch()} />;
  return (
    <>
      {mayWrite && (
        <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setAdding(true)}>
          {t('discover.addPage')}
        </Button>
      )}
      <Table<AdminPage>
        rowKey="id"
        loading={pages.isLoading}
        dataSource={pages.data}
        pagination={false}
        columns={[
          { title: t('discover.pageTitle'), render: (_, page) => localized(page.title) },
          { title: t('discover.kind'), render: (_, page) => <Tag>{t(`discover.kinds.${page.kind}`)}</Tag> },
          { title: t('discover.link'), render: (_, page) => `/single-page?id=${page.id}` },
          { title: t('discover.updated'), render: (_, page) => formatDateTime(page.updatedAt) },
          ...(mayWrite
            ? [
                {
                  title: t('common.actions'),
                  render: (_: unknown, page: AdminPage) => (
                    <Popconfirm
                      title={t('discover.removeConfirm', { title: localized(page.title) })}
                      okText={t('common.confirm')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => remove.mutateAsync(page.id)}
                    >
                      <Button type="link" danger>
                        {t('discover.remove')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      {adding && <AddPageModal clientId={clientId} onClose={() => setAdding(false)} />}
    </>
  );
}
