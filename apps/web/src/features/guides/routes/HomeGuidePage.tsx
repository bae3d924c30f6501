import { useRef, useState } from 'react';
import { Button, Swiper, type SwiperRef } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/icons';
import { finishHomeGuide } from '../api/home-guide';
import { pathFor } from '../../../lib/routing/route-table';
import { useClientNo } from '../../../lib/routing/route-context';
import '../guides.css';

const STEPS: { key: 'phones' | 'views' | 'running' | 'discover'; icon: IconName }[] = [
  { key: 'phones', icon: 'home' },
  { key: 'views', icon: 'launcher' },
  { key: 'running', icon: 'rechargePhone' },
  { key: 'discover', icon: 'discover' },
];

/**
 * The first-run walkthrough of home (spec §2 homeGuide): a few steps, skipped or finished once and
 * then remembered on this browser.
 */
export default function HomeGuidePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  const swiper = useRef<SwiperRef>(null);
  const [index, setIndex] = useState(0);
  const last = index === STEPS.length - 1;
  // Our own index moves at once, so taps quicker than the slide still count each step.
  const next = () => {
    setIndex(index + 1);
    swiper.current?.swipeTo(index + 1);
  };
  const finish = () => {
    finishHomeGuide();
    void navigate(pathFor('home', clientNo), { replace: true });
  };
  return (
    <div className="cp-guide" data-testid="home-guide">
      <Swiper ref={swiper} onIndexChange={setIndex} className="cp-guide__steps">
        {STEPS.map((step, i) => (
          <Swiper.Item key={step.key}>
            <section className="cp-guide__step" aria-label={t('guide.step', { index: i + 1, total: STEPS.length })}>
              <Icon name={step.icon} className="cp-guide__picture" />
              <h2 className="cp-guide__title">{t(`guide.steps.${step.key}.title`)}</h2>
              <p className="cp-guide__text">{t(`guide.steps.${step.key}.text`)}</p>
            </section>
          </Swiper.Item>
        ))}
      </Swiper>
      <div className="cp-guide__actions">
        {!last && (
          <Button fill="none" onClick={finish}>
            {t('guide.skip')}
          </Button>
        )}
        <Button color="primary" block={last} onClick={last ? finish : next}>
          {t(last ? 'guide.done' : 'guide.next')}
        </Button>
      </div>
    </div>
  );
}
