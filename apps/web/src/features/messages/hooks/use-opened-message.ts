import { useEffect } from 'react';
import { ERRORS } from '@cloudphone/contracts/errors';
import { RequestError } from '../../../lib/request';
import { useMarkRead, useMessage } from '../api/messages';

/** The message is not there (deleted, or never this user's): the reader is told so, not shown an error. */
export const isMessageGone = (error: Error | null) =>
  error instanceof RequestError && error.code === ERRORS.messageNotFound.code;

/** One message as its reader opens it: opening it marks it read (spec §2 messageDetaile). */
export function useOpenedMessage(messageId: number) {
  const message = useMessage(messageId);
  const markRead = useMarkRead();
  const unread = message.data && !message.data.read;
  useEffect(() => {
    if (unread) markRead.mutate([messageId]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per message opened unread
  }, [unread, messageId]);
  return message;
}
