import { Swiper } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Advertisement } from '@cloudphone/contracts/content';
import { pathFor, routeAtPath } from '../../../lib/routing/route-table';
import { useClientNo } from '../../../lib/routing/route-context';

/**
 * The client's banners (spec §3: by ad position, platform H5). A banner's link is a page of this app
 * (`/single-page?id=3`, opened for this client) or another site (opened in a new tab).
 */
export function BannerSwiper({ banners }: { banners: readonly Advertisement[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clientNo = useClientNo();
  if (banners.length === 0) return null;
  const open = (link: string) => {
    if (!link) return;
    const url = new URL(link, window.location.origin);
    const route = url.origin === window.location.origin ? routeAtPath(url.pathname) : undefined;
    if (route) void navigate(pathFor(route.name, clientNo, url.search));
    else window.open(link, '_blank', 'noopener');
  };
  return (
    // The margin sits on a wrapper: the swiper is 100% wide, and with a margin of its own it ran past the screen's edge.
    <div className="cp-discover__banners">
      <Swiper autoplay={banners.length > 1} loop={banners.length > 1}>
        {banners.map((banner) => (
          <Swiper.Item key={banner.id}>
            <button
              type="button"
              className="cp-discover__banner"
              data-testid="banner"
              onClick={() => open(banner.linkUrl)}
              disabled={!banner.linkUrl}
            >
              <img src={banner.imageUrl} alt={t('discover.bannerAlt', { title: banner.title })} />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
