import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AD_PLATFORM_H5, AD_POSITIONS } from '@cloudphone/contracts/content';
import * as advertisement from '@cloudphone/contracts/endpoints/cms/advertisement';
import * as article from '@cloudphone/contracts/endpoints/cms/article';
import * as singlePage from '@cloudphone/contracts/endpoints/cms/single-page';
import * as game from '@cloudphone/contracts/endpoints/device/game';
import { call } from '../../../lib/api-client';
import { tracked } from '../../../lib/tracking';

const PAGE_SIZE = 10;
const keys = {
  banners: ['discover', 'banners'] as const,
  articles: ['discover', 'articles'] as const,
  page: ['discover', 'page'] as const,
  games: ['discover', 'games'] as const,
};

/** A page of a list, and whether another follows. */
const nextPage = (last: { total: number }, _pages: unknown[], pageNo: number) =>
  pageNo * PAGE_SIZE < last.total ? pageNo + 1 : undefined;

export const useBanners = () =>
  useQuery({
    queryKey: keys.banners,
    queryFn: () =>
      call(advertisement.list, {
        query: { adPosition: AD_POSITIONS.discover, platformNo: AD_PLATFORM_H5 },
        silent: true,
      }),
  });

export const useArticles = (keyword: string) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...keys.articles, keyword],
      queryFn: ({ pageParam }) =>
        call(article.page, { query: { pageNo: pageParam, pageSize: PAGE_SIZE, keyword: keyword || undefined } }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  );

export const useSinglePage = (id: number) =>
  useQuery({
    queryKey: [...keys.page, id],
    queryFn: () => call(singlePage.get, { query: { id }, silent: true }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const useGames = (keyword: string) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...keys.games, keyword],
      queryFn: ({ pageParam }) =>
        call(game.page, { query: { pageNo: pageParam, pageSize: PAGE_SIZE, keyword: keyword || undefined } }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
    }),
  );

/** Pinning reorders the channel: the list is read again. */
export function usePinGame() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { gameId: number; pinned: boolean }) => call(game.pin, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.games }),
  });
}

export const installGame = (gameId: number, userPhoneIds: readonly number[]) =>
  call(game.install, { body: { gameId, userPhoneIds: [...userPhoneIds] } }).then(
    tracked('game_install', () => ({ gameId, phones: userPhoneIds.length })),
  );
