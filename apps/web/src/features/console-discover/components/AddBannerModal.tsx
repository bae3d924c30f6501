import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Image, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminPage } from '@cloudphone/contracts/console-content';
import * as discover from '@cloudphone/contracts/endpoints/admin/discover';
import { PictureUpload } from '../../../components/console/PictureUpload';
import { useLocalized } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { APP_PAGES, discoverKey } from '../api/discover';

interface BannerForm {
  title: string;
  /** A page of the app, `page:ID` for an article or page, `url` for another site, `none`. */
  target: string;
  url?: string;
  sort: number;
}

/** A new banner: its picture, title, where a tap leads (a page of the app, an article, a site) and its place. */
export function AddBannerModal({
  clientId,
  pages,
  onClose,
}: {
  clientId: number;
  pages: readonly AdminPage[];
  onClose: () => void;
}) {
  const { t } = useTranslation('console');
  const localized = useLocalized();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [form] = Form.useForm<BannerForm>();
  const target = Form.useWatch('target', form);
  const [picture, setPicture] = useState<{ base64: string; preview: string } | null>(null);
  const [missingPicture, setMissingPicture] = useState(false);
  const add = useMutation({
    mutationFn: ({ title, target: to, url, sort }: BannerForm) => {
      const linkUrl =
        to === 'none'
          ? ''
          : to === 'url'
            ? (url ?? '')
            : to.startsWith('page:')
              ? `/single-page?id=${to.slice(5)}`
              : to;
      return call(discover.addBanner, { body: { clientId, title, image: picture!.base64, linkUrl, sort } });
    },
    onSuccess: async () => {
      void message.success(t('discover.bannerAdded'));
      await queries.invalidateQueries({ queryKey: discoverKey('banners', clientId) });
      onClose();
    },
  });
  const save = async () => {
    const values = await form.validateFields();
    setMissingPicture(!picture);
    if (picture) add.mutate(values);
  };
  return (
    <Modal
      open
      title={t('discover.addBanner')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form<BannerForm> form={form} layout="vertical" initialValues={{ target: '/game-list', sort: 0 }}>
        <Form.Item
          label={t('discover.picture')}
          extra={t('discover.pictureHint')}
          validateStatus={missingPicture ? 'error' : undefined}
          help={missingPicture ? t('discover.pictureMissing') : undefined}
          required
        >
          <Space align="center">
            {picture && <Image src={picture.preview} height={64} preview={false} />}
            <PictureUpload
              testId="banner-picture"
              onPicked={(base64, file) => {
                setPicture({ base64, preview: URL.createObjectURL(file) });
                setMissingPicture(false);
              }}
            />
          </Space>
        </Form.Item>
        <Form.Item name="title" label={t('discover.bannerTitle')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="target" label={t('discover.link')}>
          <Select
            data-testid="banner-link"
            options={[
              ...APP_PAGES.map((path) => ({ value: path, label: t(`discover.appPages.${path}`) })),
              ...pages.map((page) => ({ value: `page:${page.id}`, label: localized(page.title) })),
              { value: 'url', label: t('discover.otherSite') },
              { value: 'none', label: t('discover.noLink') },
            ]}
          />
        </Form.Item>
        {target === 'url' && (
          <Form.Item name="url" label={t('discover.url')} rules={[{ required: true, type: 'url' }]}>
            <Input maxLength={500} placeholder="https://" />
          </Form.Item>
        )}
        <Form.Item name="sort" label={t('discover.sort')} extra={t('discover.sortHint')}>
          <InputNumber min={-1_000_000} max={1_000_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
