import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import * as catalogue from '@cloudphone/contracts/endpoints/admin/catalogue';
import { SectionCard, useLocalized } from '../../../components/console/SectionCard';
import { call } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format-money';
import { useOperatorMay } from '../../../stores/operator-session';
import { AddPackageModal } from '../components/AddPackageModal';
import { GRADES_KEY, type AdminGrade } from '../api/grades';
import { PricingModal } from '../components/PricingModal';

/** Grades with their day price and stock, and the packages sold of each (issue 62). */
export default function CataloguePage() {
  const { t } = useTranslation('console');
  const localized = useLocalized();
  const mayWrite = useOperatorMay('catalogue.write');
  const grades = useQuery({ queryKey: GRADES_KEY, queryFn: () => call(catalogue.grades) });
  const [pricing, setPricing] = useState<AdminGrade | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <SectionCard
      title={t('catalogue.title')}
      extra={
        mayWrite && (
          // A package belongs to a grade: the form opens once the grades are there to choose from.
          <Button type="primary" disabled={!grades.data?.length} onClick={() => setAdding(true)}>
            {t('catalogue.addPackage')}
          </Button>
        )
      }
      failed={grades.isError}
      onRetry={() => void grades.refetch()}
    >
      <Table<AdminGrade>
        rowKey="gradeId"
        loading={grades.isLoading}
        dataSource={grades.data}
        pagination={false}
        expandable={{
          expandedRowRender: (grade) => (
            <Table
              rowKey="packageId"
              size="small"
              pagination={false}
              dataSource={grade.packages}
              columns={[
                { title: t('catalogue.packages'), render: (_, pkg) => localized(pkg.name) },
                { title: t('catalogue.days'), dataIndex: 'durationDays' },
                { title: t('catalogue.price'), render: (_, pkg) => formatMoney(pkg.priceCents) },
                { title: t('catalogue.usage'), render: (_, pkg) => t(`catalogue.usages.${pkg.usage}`) },
                {
                  title: t('catalogue.trial'),
                  render: (_, pkg) => (pkg.trial ? <Tag>{t('catalogue.trial')}</Tag> : ''),
                },
              ]}
            />
          ),
        }}
        columns={[
          { title: t('catalogue.grade'), render: (_, grade) => localized(grade.name) },
          { title: t('catalogue.code'), dataIndex: 'code' },
          { title: t('catalogue.dayPrice'), render: (_, grade) => formatMoney(grade.dayPriceCents) },
          { title: t('catalogue.stock'), render: (_, grade) => grade.stock ?? t('common.unlimited') },
          { title: t('catalogue.packages'), render: (_, grade) => grade.packages.length },
          ...(mayWrite
            ? [
                {
                  title: t('common.actions'),
                  render: (_: unknown, grade: AdminGrade) => (
                    <Button type="link" onClick={() => setPricing(grade)}>
                      {t('catalogue.editPricing')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {adding && <AddPackageModal grades={grades.data ?? []} onClose={() => setAdding(false)} />}
      {pricing && <PricingModal grade={pricing} onClose={() => setPricing(null)} />}
    </SectionCard>
  );
}
