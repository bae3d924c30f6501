import { GOLD_MINER_APK, NEON_RACER_APK } from '@cloudphone/apk/fixtures';
import { AD_PLATFORM_H5, AD_POSITIONS } from '@cloudphone/contracts/content';
import type { Repositories } from '../repositories/index';
import type { Services } from '../services/index';

/** The demo's Discover (issue 29): a banner, two articles and two games of the demo packages. */
export async function seedDemoDiscover(
  services: Services,
  repos: Repositories,
  client: { tenantId: number; clientId: number },
): Promise<void> {
  const now = services.clock.now();
  const articles = [
    {
      title: { 'zh-CN': '让游戏全天候挂机', 'en-US': 'Keep a game running around the clock' },
      summary: {
        'zh-CN': '云手机不关机：关掉浏览器，游戏照样运行。',
        'en-US': 'Close the browser: the game keeps running.',
      },
      content: {
        'zh-CN': '<h2>全天候挂机</h2><p>在云手机上打开游戏后，直接关闭页面即可，云手机会一直运行。</p>',
        'en-US':
          '<h2>Around the clock</h2><p>Open the game on your cloud phone and close the page: the phone keeps running.</p>',
      },
    },
    {
      title: { 'zh-CN': '一键安装到多台云手机', 'en-US': 'Install onto many phones at once' },
      summary: { 'zh-CN': '在游戏频道选择游戏与云手机。', 'en-US': 'Pick a game and your phones in the game channel.' },
      content: {
        'zh-CN': '<h2>批量安装</h2><p>在“发现”的游戏频道点选游戏，勾选云手机，即可同时安装。</p>',
        'en-US':
          '<h2>Batch install</h2><p>In Discover’s game channel, pick a game, tick your phones, and it installs on all of them.</p>',
      },
    },
  ];
  const articleIds: number[] = [];
  for (const [sort, article] of articles.entries())
    articleIds.push(
      await repos.cmsPages.add(
        client.tenantId,
        client.clientId,
        { kind: 'article', coverUrl: '', sort, ...article },
        now,
      ),
    );
  // The banner opens the article that tells what it promises: a page of this app (BannerSwiper's link form).
  await repos.content.addAdvertisement(client, {
    position: AD_POSITIONS.discover,
    platformNo: AD_PLATFORM_H5,
    title: 'Keep your games running 24/7',
    imageUrl: '/app/icons/banner.svg',
    linkUrl: `/single-page?id=${articleIds[0]}`,
    sort: 0,
  });
  const descriptions = [
    { 'zh-CN': '经典挖金子，挂机也能赚。', 'en-US': 'The classic gold dig, earning while idle.' },
    { 'zh-CN': '霓虹赛道上的极速竞速。', 'en-US': 'High-speed racing on neon tracks.' },
  ];
  for (const [sort, apk] of [GOLD_MINER_APK, NEON_RACER_APK].entries())
    await services.games.add(client, apk, { description: descriptions[sort]!, sort });
}
