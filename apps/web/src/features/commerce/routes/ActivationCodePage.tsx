import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CodeActivation } from '../components/CodeActivation';
import { PurchaseGate } from '../../../components/PurchaseGate';
import { codeTypeOf, usageOfType, type CodeUsage } from '../stores/activation-codes';
import '../commerce.css';

/** Activation codes (spec §1): for new phones, or (`?type=2`) to renew a phone. */
export default function ActivationCodePage() {
  return (
    <PurchaseGate>
      <ActivationCodes />
    </PurchaseGate>
  );
}

function ActivationCodes() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const usage = usageOfType(params.get('type'));
  return (
    <div className="cp-commerce">
      <Tabs
        activeKey={usage}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          next.set('type', codeTypeOf(key as CodeUsage));
          setParams(next, { replace: true });
        }}
      >
        <Tabs.Tab key="buy" title={t('commerce.codes.purchase')} />
        <Tabs.Tab key="renew" title={t('commerce.codes.renewal')} />
      </Tabs>
      <CodeActivation key={usage} usage={usage} />
    </div>
  );
}
