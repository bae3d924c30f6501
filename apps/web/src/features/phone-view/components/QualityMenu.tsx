import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { QUALITY_PROFILES, useStreamingSession } from '../stores/streaming-session';

/** Auto, HD, SD, smooth: each a definition the stream switches to at once (spec §2, §3). */
export function QualityMenu() {
  const { t } = useTranslation();
  const active = useStreamingSession((s) => s.activeProfileIndex);
  const chooseProfile = useStreamingSession((s) => s.chooseProfile);
  return (
    <Selector
      className="cp-quality-menu"
      columns={QUALITY_PROFILES.length}
      showCheckMark={false}
      options={QUALITY_PROFILES.map((name, index) => ({ label: t(`phoneView.quality.${name}`), value: index }))}
      value={[active]}
      onChange={([index]) => index !== undefined && chooseProfile(index)}
    />
  );
}
