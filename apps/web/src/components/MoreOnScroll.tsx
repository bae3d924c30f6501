import { DotLoading, InfiniteScroll } from 'antd-mobile';

/**
 * The foot of a list that loads its next page as it scrolls into view: a loader while there is more,
 * then `end`. A failed page is asked again when the foot comes into view again.
 */
export function MoreOnScroll({
  hasMore,
  loadMore,
  end,
}: {
  hasMore: boolean;
  loadMore: () => Promise<unknown>;
  end: string;
}) {
  return (
    <InfiniteScroll
      hasMore={hasMore}
      loadMore={async () => {
        await loadMore();
      }}
    >
      {(more) => (more ? <DotLoading color="primary" /> : end)}
    </InfiniteScroll>
  );
}
