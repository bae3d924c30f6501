import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Image, Popconfirm, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminBanner } from '@cloudphone/contracts/console-content';
import * as discover from '@cloudphone/contracts/endpoints/admin/discover';
import { LoadFailed } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { useOperatorMay } from '../../../stores/operator-session';
import { discoverKey } from '../api/discover';
import { AddBannerModal } from './AddBannerModal';

/** A client's Discover banners in their order: added with a picture and a link, taken down after a confirmation. */
export function BannersTab({ clientId }: { clientId: number }) {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  const mayWrite = useOperatorMay('content.write');
  const [adding, setAdding] = useState(false);
  const banners = useQuery({
    queryKey: discoverKey('banners', clientId),
    queryFn: () => call(discover.banners, { query: { clientId } }),
  });
  // The banner's link may name an article: the form offers the client's pages.
  const pages = useQuery({
    queryKey: discoverKey('pages', clientId),
    queryFn: () => call(discover.pages, { query: { clientId } }),
    enabled: adding,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(discover.removeBanner, { body: { clientId, id } }),
    onSuccess: async () => {
      void message.success(t('discover.removed'));
      await queries.invalidateQueries({ queryKey: discoverKey('banners', clientId) });
    },
  });
  if (banners.isError) return <LoadFailed onRetry={() => void banners.refetch()} />;
  return (
    <>
      {mayWrite && (
        <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setAdding(true)}>
          {t('discover.addBanner')}
        </Button>
      )}
      <Table<AdminBanner>
        rowKey="id"
        loading={banners.isLoading}
        dataSource={banners.data}
        pagination={false}
        columns={[
          {
            title: t('discover.picture'),
            render: (_, banner) => <Image src={banner.imageUrl} height={48} style={{ objectFit: 'cover' }} />,
          },
          { title: t('discover.bannerTitle'), dataIndex: 'title' },
          { title: t('discover.link'), render: (_, banner) => banner.linkUrl || '—' },
          { title: t('discover.sort'), dataIndex: 'sort' },
          ...(mayWrite
            ? [
                {
                  title: t('common.actions'),
                  render: (_: unknown, banner: AdminBanner) => (
                    <Popconfirm
                      title={t('discover.removeConfirm', { title: banner.title })}
                      okText={t('common.confirm')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => remove.mutateAsync(banner.id)}
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
      {adding && <AddBannerModal clientId={clientId} pages={pages.data ?? []} onClose={() => setAdding(false)} />}
    </>
  );
}
