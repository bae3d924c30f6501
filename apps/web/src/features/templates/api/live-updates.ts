import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CloneTargetEvent, LiveEvent, TemplateEvent } from '@cloudphone/contracts/live-events';
import { cloneStateOf, type CloneRecord, type Template } from '@cloudphone/contracts/templates';
import { queryKeys } from '../../../lib/query-keys';
import { templateKeys } from './keys';

type TemplatePage = { list: Template[]; total: number };
type ClonePages = InfiniteData<{ list: CloneRecord[]; total: number }>;

const ENDED = new Set(['success', 'failed']);

/**
 * A live event of issue 15 into the cached lists: a template's state and progress, a clone phone's
 * progress and result. Events may overtake each other (a host's progress and its end), so what has
 * ended never moves back. What only the server knows (a ready template's size) is asked for again.
 */
export function applyTemplateEvent(client: QueryClient, event: LiveEvent): void {
  if (event.type === 'template') applyTemplate(client, event);
  else if (event.type === 'clone.target') applyCloneTarget(client, event);
}

function applyTemplate(client: QueryClient, event: TemplateEvent): void {
  let known = false;
  client.setQueryData<TemplatePage>(templateKeys.templates, (page) => {
    if (!page) return page;
    const list = page.list.map((t) => {
      if (t.templateId !== event.templateId) return t;
      known = true;
      if (t.state !== 'creating' && event.state === 'creating') return t;
      return { ...t, state: event.state, progress: event.progress };
    });
    return { ...page, list };
  });
  if (!known || event.state !== 'creating') void client.invalidateQueries({ queryKey: templateKeys.templates });
}

function applyCloneTarget(client: QueryClient, event: CloneTargetEvent): void {
  client.setQueryData<ClonePages>(templateKeys.clones, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      list: page.list.map((record) => {
        if (record.cloneId !== event.cloneId) return record;
        const targets = record.targets.map((t) =>
          t.userPhoneId !== event.userPhoneId || ENDED.has(t.state)
            ? t
            : { ...t, state: event.state, progress: event.progress, reason: event.reason },
        );
        return { ...record, targets, state: cloneStateOf(targets) };
      }),
    }));
    return { ...data, pages };
  });
  // A phone that ended is free again: the home list shows it so.
  if (ENDED.has(event.state)) void client.invalidateQueries({ queryKey: queryKeys.phoneList });
}
